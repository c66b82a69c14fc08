// snowball-stemmers ships no types: the two functions this project calls.
declare module "snowball-stemmers" {
  export function algorithms(): string[];
  export function newStemmer(algorithm: string): { stem(word: string): string };
}
