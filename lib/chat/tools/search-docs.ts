import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { searchArticles } from '@/lib/help-center/search';

// built once per process: the SDK turns it into JSON Schema on first use and keeps that, where an inline zod object is converted again on every round
const searchDocsInput = zodSchema(z.object({ query: z.string().min(1).max(500).describe('what to look for, in the user’s words') }));

export function searchDocsTool(db: Db) {
  return tool({
    description:
      'Search the Quire help center (articles in English, Russian and Chinese). Use it for questions about how Quire works, errors, billing, installation. Cite the titles of the articles you use.',
    inputSchema: searchDocsInput,
    execute: async ({ query }) => {
      const hits = await searchArticles(db, query, 3);
      if (hits.length === 0) return { results: [], note: 'No article matched. Answer from general knowledge and say so.' };
      return { results: hits.map((h) => ({ title: h.title, slug: h.slug, lang: h.lang, excerpt: h.excerpt })) };
    },
  });
}
