/** The few parts of jsdom (it ships no types) the public help pages' test reads HTML with; DOM types from tsconfig.e2e.json. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    window: Window & typeof globalThis;
    static fragment(html: string): DocumentFragment;
  }
}
