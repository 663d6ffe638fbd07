import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { segmentedText } from '../text/segment';

export const HELP_CENTER_DIR = path.resolve(process.cwd(), 'content/help-center');

export interface ArticleFile {
  slug: string;
  lang: string;
  title: string;
  body: string;
}

export function parseArticle(slug: string, lang: string, source: string): ArticleFile {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  const title = match?.[1]?.match(/^title:\s*(.+)$/m)?.[1]?.trim();
  if (!match || !title) throw new Error(`Help-center article ${lang}/${slug}.md has no "title:" front matter.`);
  return { slug, lang, title, body: match[2]!.trim() };
}

export async function readArticles(dir = HELP_CENTER_DIR): Promise<ArticleFile[]> {
  const articles: ArticleFile[] = [];
  for (const lang of (await readdir(dir)).sort()) {
    for (const file of (await readdir(path.join(dir, lang))).filter((f) => f.endsWith('.md')).sort()) {
      articles.push(parseArticle(file.slice(0, -3), lang, await readFile(path.join(dir, lang, file), 'utf8')));
    }
  }
  return articles;
}

/** Upserts the repository's articles by slug, so editing a file and restarting updates it. */
export async function seedHelpCenter(db: Db, dir = HELP_CENTER_DIR): Promise<number> {
  const articles = await readArticles(dir);
  await db.$transaction(
    articles.map((a) => {
      const data = { lang: a.lang, title: a.title, body: a.body, segmented: segmentedText(`${a.title}\n${a.body}`) };
      return db.article.upsert({ where: { slug: a.slug }, create: { slug: a.slug, ...data }, update: data });
    }),
  );
  return articles.length;
}
