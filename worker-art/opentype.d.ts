// The part of satori's own font parser (a dependency of satori 0.30) that the art Worker uses to
// measure text the way satori will draw it.
declare module "@shuding/opentype.js" {
  export interface Font {
    getAdvanceWidth(text: string, fontSize: number, options?: { kerning?: boolean }): number;
  }
  export function parse(buffer: ArrayBuffer): Font;
}
