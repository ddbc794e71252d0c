/**
 * The element tree satori draws, built without React (the art Worker ships no React): the same
 * `{ type, props }` objects JSX would make.
 */
export type Style = Record<string, string | number>;
export interface ArtNode {
  type: string;
  /** Names a node in satori's layout report (the overflow test finds the text boxes by it). */
  key?: string;
  props: { style?: Style; children?: ArtChild | ArtChild[]; src?: string; width?: number; height?: number };
}
export type ArtChild = ArtNode | string | null;

/** A flex box (satori lays out only flex boxes): column unless the style says otherwise. */
export function box(style: Style, ...children: ArtChild[]): ArtNode {
  return {
    type: "div",
    props: { style: { display: "flex", flexDirection: "column", ...style }, children: children.filter((c) => c !== null) },
  };
}

export function row(style: Style, ...children: ArtChild[]): ArtNode {
  return box({ flexDirection: "row", ...style }, ...children);
}

/** An image filling its box (cropped, never stretched). */
export function picture(src: string, width: number, height: number, style: Style = {}): ArtNode {
  return { type: "img", props: { src, width, height, style: { width, height, objectFit: "cover", ...style } } };
}
