import { decodeGenerator, encode } from 'gpt-tokenizer';

/** A streamed piece of text and the number of tokens it costs. */
export interface TokenPiece {
  text: string;
  tokens: number;
}

export function countTokens(text: string): number {
  return text.length === 0 ? 0 : encode(text).length;
}

/**
 * Splits text into ~1-token pieces, as a real model streams it. A character
 * spread over several tokens (rare Han, emoji) becomes one piece that costs
 * all of them, so no piece carries half a UTF-8 sequence.
 */
export function splitIntoTokenPieces(text: string): TokenPiece[] {
  if (text.length === 0) return [];
  const tokens = encode(text);
  let consumed = 0;
  const counted = (function* () {
    for (const token of tokens) {
      consumed += 1;
      yield token;
    }
  })();
  const pieces: TokenPiece[] = [];
  let accounted = 0;
  for (const piece of decodeGenerator(counted)) {
    pieces.push({ text: piece, tokens: consumed - accounted });
    accounted = consumed;
  }
  if (accounted < consumed && pieces.length > 0) pieces[pieces.length - 1].tokens += consumed - accounted;
  return pieces;
}
