import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml, xmlChars } from "../../shared/escape.ts";

/** The one HTML and the one XML escaper (e-mails, the API reference, the VRSync feed, XLSX). */
describe("escapeHtml", () => {
  it("escapes the five characters that end text or a quoted attribute", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;");
  });

  it("escapes an ampersand once and leaves everything else as typed", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("Ação — São Paulo 🏠 \u0001")).toBe("Ação — São Paulo 🏠 \u0001");
    expect(escapeHtml("")).toBe("");
  });
});

describe("escapeXml", () => {
  it("escapes markup with XML's own entities", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
    expect(escapeXml(42)).toBe("42");
  });

  it("drops what XML 1.0 cannot carry and keeps tab, newlines and astral characters", () => {
    expect(escapeXml("ok\u0000\u001Fok\ttab\uD800")).toBe("okok\ttab");
    expect(escapeXml("a\r\nb\u{1F3E0}\uFFFE\uFFFF\uFFFD")).toBe("a\r\nb\u{1F3E0}\uFFFD");
    expect(escapeXml("\uDC00x\uD83C")).toBe("x");
  });
});

describe("xmlChars", () => {
  it("only drops characters (CDATA escapes nothing else)", () => {
    expect(xmlChars("<a>&\u0008]]>")).toBe("<a>&]]>");
  });
});
