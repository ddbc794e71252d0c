import { describe, expect, it } from "vitest";
import {
  explainContainerStatus,
  explainMetaError,
  type MetaErrorAction,
  type MetaErrorContext,
  type MetaErrorInput,
} from "../../../shared/social/meta-errors.ts";

/**
 * Every Meta error the publisher meets becomes a pt-BR sentence with the action to take, the job's
 * reaction, and the raw code kept for the history (ADR 047).
 */

const meta = (code: number, subcode?: number, extra: Partial<MetaErrorInput> = {}): MetaErrorInput => ({
  kind: "meta",
  status: 400,
  code,
  subcode,
  ...extra,
});

type Row = [label: string, input: MetaErrorInput, context: MetaErrorContext, action: MetaErrorAction, raw: string, says: RegExp];

const TABLE: Row[] = [
  ["token revoked", meta(190, 460), {}, "reconnect", "190/460", /senha do Facebook foi trocada.*reconecte a conta/s],
  ["token expired", meta(190, 463), {}, "reconnect", "190/463", /expirou.*reconecte a conta/s],
  ["token invalid", meta(190), {}, "reconnect", "190", /Conectar Redes e reconecte/],
  ["Instagram permission", meta(10, undefined, { status: 403 }), { network: "instagram" }, "fail", "10", /instagram_content_publish/],
  ["Page permission", meta(200, undefined, { status: 403 }), { network: "facebook" }, "fail", "200", /pages_manage_posts.*criar conteúdo/s],
  ["Page permission 299", meta(299), { network: "facebook" }, "fail", "299", /pages_manage_posts/],
  ["rate limit 4", meta(4), {}, "retry", "4", /Tentamos de novo automaticamente/],
  ["rate limit 17", meta(17), {}, "retry", "17", /limitando/],
  ["rate limit 32", meta(32), {}, "retry", "32", /limitando/],
  ["rate limit 613", meta(613), {}, "retry", "613", /limitando/],
  ["429", meta(4, undefined, { status: 429 }), {}, "retry", "4", /limitando/],
  ["5xx without a body", { kind: "meta", status: 503 }, {}, "retry", "http 503", /instável/],
  ["transient code 2", meta(2, undefined, { status: 500 }), {}, "retry", "2", /instável/],
  ["timeout on a read", { kind: "timeout", status: 0 }, { write: false }, "retry", "timeout", /não respondeu a tempo.*Tentamos de novo/s],
  ["timeout on a write", { kind: "timeout", status: 0 }, { write: true }, "check", "timeout", /pode ter sido feita.*Conferimos/s],
  ["connection lost on a write", { kind: "network", status: 0 }, { write: true }, "check", "network", /caiu.*Conferimos/s],
  ["ambiguous 4/2207051", meta(4, 2207051), { write: true }, "check", "4/2207051", /pode ter publicado.*conferimos/is],
  ["daily limit", meta(9, 2207042), {}, "quota", "9/2207042", /limite diário.*assim que a Meta liberar/s],
  [
    "image download failed: link expired",
    meta(9004, 2207052, { userMessage: "The media could not be fetched from this URI: https://x (HTTP 403)." }),
    {},
    "fail",
    "9004/2207052",
    /não conseguiu baixar a imagem \(o link da imagem não estava mais disponível/,
  ],
  [
    "image download failed: timeout",
    meta(9004, 2207052, { userMessage: "The media could not be fetched from this URI: https://x (timeout)." }),
    {},
    "fail",
    "9004/2207052",
    /baixar a imagem \(o nosso servidor demorou demais/,
  ],
  [
    "image download failed: unreachable",
    meta(9004, 2207052, { userMessage: "could not be fetched (unreachable)" }),
    {},
    "fail",
    "9004/2207052",
    /não pôde ser acessado pela Meta/,
  ],
  [
    "Facebook photo download",
    meta(324, undefined, { metaMessage: "(#324) Missing or invalid image file (HTTP 404)" }),
    {},
    "fail",
    "324",
    /baixar a imagem/,
  ],
  ["container not ready", meta(9007, 2207027), {}, "retry", "9007/2207027", /sendo preparada/],
  ["container expired", meta(100, 2207020), {}, "fail", "100/2207020", /expirou.*24 horas/s],
  ["not JPEG", meta(100, 2207026), {}, "fail", "100/2207026", /só publica imagens em JPEG/],
  ["too big", meta(100, 2207004), {}, "fail", "100/2207004", /8 MB/],
  ["aspect ratio", meta(100, 2207009), {}, "fail", "100/2207009", /4:5.*1,91:1/],
  ["caption too long", meta(100, 2207010), {}, "fail", "100/2207010", /2\.200 caracteres/],
  ["object gone", meta(100, 33), {}, "fail", "100/33", /não encontrou a Página/],
  ["policy block", meta(368), {}, "fail", "368", /regras/],
  ["duplicate", meta(506), { write: true }, "check", "506", /conferimos se ele já foi publicado/],
  ["unknown code", meta(12345, 678), {}, "fail", "12345/678", /não reconhecemos \(código 12345\/678\)/],
  ["invalid parameter", meta(100), {}, "fail", "100", /código 100/],
];

describe("Meta errors in pt-BR", () => {
  it.each(TABLE)("%s", (_label, input, context, action, raw, says) => {
    const explained = explainMetaError(input, context);
    expect(explained.action).toBe(action);
    expect(explained.rawCode).toBe(raw);
    expect(explained.message).toMatch(says);
  });

  it("every message is a pt-BR sentence that ends, with no Meta English in it", () => {
    for (const [, input, context] of TABLE) {
      const { message } = explainMetaError(input, context);
      expect(message).toMatch(/[.)]$/);
      expect(message).not.toMatch(/Application request limit|Invalid OAuth|could not be fetched|Please/);
    }
  });

  it("a container in ERROR says why from its status text; EXPIRED says to prepare it again", () => {
    expect(explainContainerStatus("ERROR", "2207026")).toMatchObject({ action: "fail", rawCode: "ERROR/2207026" });
    expect(explainContainerStatus("ERROR", "Error: 2207004 too large").message).toMatch(/8 MB/);
    expect(explainContainerStatus("ERROR", "something else")).toMatchObject({ action: "fail", rawCode: "ERROR" });
    expect(explainContainerStatus("ERROR", "2207001")).toMatchObject({
      action: "fail",
      message: expect.stringMatching(/nada foi publicado/),
    });
    expect(explainContainerStatus("ERROR", undefined).message).toMatch(/não disse o motivo/);
    expect(explainContainerStatus("EXPIRED", "Expired")).toMatchObject({ action: "fail", rawCode: "EXPIRED" });
  });
});
