/**
 * The streamed text a person sees (ADR 055): captions read out of partial JSON, append-only as
 * the JSON grows (so pages append by offset), and cut into live events that fit the size cap.
 */
import { describe, expect, it } from "vitest";
import { GENERATION_STATUSES } from "../../../shared/ai/generation-api.ts";
import { CAPTION_SEPARATOR, captionsInPartialJson, readableText } from "../../../shared/ai/stream-preview.ts";
import { generationProgressEvent, MAX_LIVE_EVENT_BYTES } from "../../../shared/live-events.ts";
import { pieces } from "../../../worker/services/ai-generation/live-text.ts";

const post = {
  variantes: [
    {
      legenda: 'Casa "nova" em Pinheiros 🏡\n3 quartos, R$ 850.000',
      hashtags: ["#pinheiros"],
      chamada: "Chame: (11) 91234-5678",
      textosAlternativos: ["Fachada"],
      primeiroComentario: null,
      afirmacoes: [{ trecho: "3 quartos", campo: "quartos" }],
    },
    { legenda: "Segunda \\ versão", hashtags: [], chamada: "x", textosAlternativos: [], primeiroComentario: "oi", afirmacoes: [] },
  ],
};

describe("captions in partial JSON", () => {
  it("reads each variant's legenda and nothing else (hashtags, calls to action, claims)", () => {
    expect(captionsInPartialJson(JSON.stringify(post))).toEqual([post.variantes[0]?.legenda, post.variantes[1]?.legenda]);
  });

  it("reads a free generation's legendas array and a month plan's ideas", () => {
    expect(
      captionsInPartialJson(JSON.stringify({ legendas: ["a", "b"], hashtags: ["#c"], ideias: [{ titulo: "t", descricao: "d" }] })),
    ).toEqual(["a", "b"]);
    expect(
      captionsInPartialJson(
        JSON.stringify({ ideias: [{ data: "2026-12-01", titulo: "t", legenda: "L1", vinculo: { tipo: "data" } }, { legenda: "L2" }] }),
      ),
    ).toEqual(["L1", "L2"]);
  });

  it("only grows as the JSON grows, escapes and emojis included (ASCII-escaped too)", () => {
    for (const json of [
      JSON.stringify(post),
      JSON.stringify(post).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
    ]) {
      const full = readableText(json);
      let previous = "";
      for (let i = 0; i <= json.length; i++) {
        const text = readableText(json.slice(0, i));
        expect(full.startsWith(text), `prefix ${i}: ${JSON.stringify(text)}`).toBe(true);
        expect(text.startsWith(previous)).toBe(true);
        // Never half an emoji.
        expect(/[\ud800-\udbff]$/.test(text)).toBe(false);
        previous = text;
      }
      expect(full).toBe(`${post.variantes[0]?.legenda}${CAPTION_SEPARATOR}${post.variantes[1]?.legenda}`);
    }
  });
});

describe("live pieces", () => {
  it("fit the event's size cap, rebuild the text and never split an emoji", () => {
    const text = `${"\n".repeat(1200)}${"🏡".repeat(900)}${'á"'.repeat(700)}`;
    const parts = pieces(text);
    expect(parts.join("")).toBe(text);
    let desde = 0;
    for (const parte of parts) {
      const event = generationProgressEvent.parse({
        type: "generation.progress",
        generationId: crypto.randomUUID(),
        percent: 90,
        status: "gerando",
        texto: { desde, parte },
      });
      expect(JSON.stringify(event).length).toBeLessThanOrEqual(MAX_LIVE_EVENT_BYTES);
      expect(/^[\udc00-\udfff]/.test(parte)).toBe(false);
      desde += parte.length;
    }
  });

  it("the live event's statuses are the API's", () => {
    expect(generationProgressEvent.shape.status.unwrap().options).toEqual([...GENERATION_STATUSES]);
  });
});
