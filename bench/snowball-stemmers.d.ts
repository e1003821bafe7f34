// The part of snowball-stemmers (it ships no types) bench/search-libraries.ts compares.
declare module "snowball-stemmers" {
  const snowball: { newStemmer(language: string): { stem(word: string): string } };
  export default snowball;
}
