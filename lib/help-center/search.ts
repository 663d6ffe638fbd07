import type { Db } from '@/lib/db/client';
import { segmentWords, tsQueryOf } from '../text/segment';

export interface ArticleHit {
  slug: string;
  title: string;
  lang: string;
  excerpt: string;
  rank: number;
}

/**
 * Full-text search over the help center: any query word may match (OR), ranked
 * by ts_rank, so a question phrased naturally still finds the article.
 */
export async function searchArticles(db: Db, query: string, limit = 3): Promise<ArticleHit[]> {
  const words = [...new Set(segmentWords(query, 'zh'))].filter((w) => w.length > 1 || /\p{Script=Han}/u.test(w));
  if (words.length === 0) return [];
  const tsquery = tsQueryOf(
    words.map((word) => ({ word })),
    '|',
  );
  const rows = await db.$queryRaw<Array<{ slug: string; title: string; lang: string; body: string; rank: number }>>`
    SELECT slug, title, lang, body, ts_rank(to_tsvector('simple', segmented), to_tsquery('simple', ${tsquery}))::float8 AS rank
    FROM article
    WHERE to_tsvector('simple', segmented) @@ to_tsquery('simple', ${tsquery})
    ORDER BY rank DESC, slug
    LIMIT ${limit}`;
  return rows.map((r) => ({ slug: r.slug, title: r.title, lang: r.lang, excerpt: r.body.slice(0, 600), rank: r.rank }));
}
