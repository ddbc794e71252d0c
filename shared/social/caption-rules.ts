import { formatNumber } from "../format.ts";

/**
 * Instagram's caption rules, counted the way Instagram counts, in one pure module read by the
 * server's validation and the editor's live counter (so they never disagree). Client-safe.
 *
 * - Length: 2,200 characters as Instagram's own counter counts them, in UTF-16 code units (an
 *   emoji such as 🏡 counts 2, a flag 4; an accented letter typed as one character counts 1).
 *   Counting code units is never more lenient than Meta, so a caption we accept is never refused
 *   at publishing time.
 * - Hashtags: `#` then letters of any alphabet (accents included: #apartamentoàvenda is one tag),
 *   digits and `_`, not glued to a word before it; at most 30, each occurrence counts.
 * - Mentions: `@` then an Instagram username (letters, digits, `.` and `_`), not glued to a word
 *   before it (an e-mail is not a mention); at most 20.
 * - URLs count by their full length (Instagram does not shorten them) and a `#` or `@` inside one
 *   is neither a hashtag nor a mention.
 */

export const CAPTION_MAX_LENGTH = 2200;
export const CAPTION_MAX_HASHTAGS = 30;
export const CAPTION_MAX_MENTIONS = 20;

/** What the counter shows and the validation checks. */
export interface CaptionCount {
  /** UTF-16 code units, as Instagram counts them. */
  length: number;
  hashtags: number;
  mentions: number;
}

const URL = /\b(?:https?:\/\/|www\.)[^\s]+/giu;
/** Hashtags glued together (`#praia#verão`) are each a tag; one of digits only (`#123`) is not a tag. */
const HASHTAG_CHAIN = /(?<![\p{L}\p{M}\p{N}_&])(?:#[\p{L}\p{M}\p{N}_]+)+/gu;
const TAG_WORD = /[\p{L}\p{M}_]/u;
const MENTION = /(?<![\p{L}\p{M}\p{N}_.@])@[A-Za-z0-9._]*[A-Za-z0-9_]/gu;

/** The caption's length, hashtags and mentions. */
export function countCaption(caption: string): CaptionCount {
  const text = caption.normalize("NFC");
  const withoutUrls = text.replace(URL, " ");
  return {
    length: text.length,
    hashtags: hashtagsIn(withoutUrls).length,
    mentions: withoutUrls.match(MENTION)?.length ?? 0,
  };
}

/** The hashtags as written (accents kept), in order: what a later screen lists. */
export function hashtagsOf(caption: string): string[] {
  return hashtagsIn(caption.normalize("NFC").replace(URL, " "));
}

function hashtagsIn(text: string): string[] {
  const tags: string[] = [];
  for (const chain of text.match(HASHTAG_CHAIN) ?? []) {
    for (const word of chain.split("#")) if (TAG_WORD.test(word)) tags.push(`#${word}`);
  }
  return tags;
}

/** "1.234/2.200 · 5/30 hashtags · 1/20 menções" (the editor's live counter). */
export function captionCounterText(count: CaptionCount): string {
  const n = (value: number) => formatNumber(value);
  return `${n(count.length)}/${n(CAPTION_MAX_LENGTH)} · ${n(count.hashtags)}/${n(CAPTION_MAX_HASHTAGS)} hashtags · ${n(count.mentions)}/${n(CAPTION_MAX_MENTIONS)} menções`;
}

/** What is over Instagram's limits, in pt-BR (empty: the caption fits). */
export function captionProblems(caption: string): string[] {
  const count = countCaption(caption);
  const problems: string[] = [];
  if (count.length > CAPTION_MAX_LENGTH) {
    problems.push(
      `A legenda tem ${formatNumber(count.length)} caracteres; o Instagram aceita até ${formatNumber(CAPTION_MAX_LENGTH)}. Corte ${formatNumber(count.length - CAPTION_MAX_LENGTH)}.`,
    );
  }
  if (count.hashtags > CAPTION_MAX_HASHTAGS) {
    problems.push(
      `A legenda tem ${count.hashtags} hashtags; o Instagram aceita até ${CAPTION_MAX_HASHTAGS}. Tire ${count.hashtags - CAPTION_MAX_HASHTAGS}.`,
    );
  }
  if (count.mentions > CAPTION_MAX_MENTIONS) {
    problems.push(
      `A legenda tem ${count.mentions} menções; o Instagram aceita até ${CAPTION_MAX_MENTIONS}. Tire ${count.mentions - CAPTION_MAX_MENTIONS}.`,
    );
  }
  return problems;
}

/** Over a limit (the counter shows it in red). */
export function captionOverLimit(count: CaptionCount): boolean {
  return count.length > CAPTION_MAX_LENGTH || count.hashtags > CAPTION_MAX_HASHTAGS || count.mentions > CAPTION_MAX_MENTIONS;
}

export const MEDIA_MAX = 10;

/**
 * A post's images: one, or a carousel of 2 to 10; Instagram needs at least one, Facebook may post
 * text alone. Null when fine, else the pt-BR reason.
 */
export function mediaProblem(count: number, needsImage: boolean): string | null {
  if (count > MEDIA_MAX) return `Um carrossel tem no máximo ${MEDIA_MAX} imagens; você escolheu ${count}. Tire ${count - MEDIA_MAX}.`;
  if (count === 0 && needsImage) return "O Instagram precisa de uma imagem ou de um carrossel de 2 a 10 imagens.";
  return null;
}
