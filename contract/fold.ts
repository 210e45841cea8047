/**
 * Text folded for search: lower case, Vietnamese diacritics removed ("Nguyễn" → "nguyen"), and đ → d,
 * which Unicode does not decompose. The server stores it beside the text and folds keywords the same way.
 */
export function foldForSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
