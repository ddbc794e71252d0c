import { describe, expect, it } from "vitest";
import { POST_STATUSES, type PostStatus } from "../../../shared/enums/social.ts";
import {
  applyMove,
  isFinal,
  moveRefusal,
  movesFrom,
  POST_MOVE_NAMES,
  type PostCapability,
  retryFailed,
} from "../../../shared/social/post-status.ts";

const drafter = new Set<PostCapability>(["draft"]);
const approver = new Set<PostCapability>(["draft", "approve"]);
const jobs = new Set<PostCapability>(["system"]);

describe("a drafter (staff, professional)", () => {
  it("sends a draft for approval and does nothing else", () => {
    expect(applyMove("rascunho", "enviar", drafter)).toEqual({ ok: true, status: "aguardando_aprovacao" });
    for (const status of POST_STATUSES) {
      expect(movesFrom(status, drafter)).toEqual(status === "rascunho" ? ["enviar"] : []);
    }
  });
  it("is told who may approve", () => {
    expect(moveRefusal("aguardando_aprovacao", "aprovar", drafter)).toBe("Só o dono ou um administrador pode fazer isso.");
  });
});

describe("an approver (owner, admin)", () => {
  it("approves and schedules a draft or one waiting, sends it back, cancels until it goes", () => {
    expect(movesFrom("rascunho", approver)).toEqual(["enviar", "aprovar", "cancelar"]);
    expect(movesFrom("aguardando_aprovacao", approver)).toEqual(["aprovar", "devolver", "cancelar"]);
    expect(movesFrom("agendado", approver)).toEqual(["devolver", "cancelar"]);
    expect(movesFrom("falhou", approver)).toEqual(["tentar_de_novo", "cancelar"]);
  });
  it("never cancels nor moves a publication that is going out or is out", () => {
    for (const status of ["publicando", "publicado", "cancelado"] as PostStatus[]) expect(movesFrom(status, approver)).toEqual([]);
    expect(moveRefusal("publicado", "cancelar", approver)).toBe("Um post publicado não pode ser cancelado.");
  });
});

describe("the publishing jobs", () => {
  it("claim a scheduled publication, then publish it or mark it failed", () => {
    expect(movesFrom("agendado", jobs)).toEqual(["reivindicar", "falhar"]);
    expect(movesFrom("publicando", jobs)).toEqual(["publicar", "falhar"]);
    expect(applyMove("publicando", "publicar", jobs)).toEqual({ ok: true, status: "publicado" });
  });
  it("are the only ones who do", () => {
    expect(applyMove("agendado", "reivindicar", approver)).toEqual({ ok: false, reason: "Só a publicação automática faz essa mudança." });
    expect(applyMove("publicando", "publicar", approver).ok).toBe(false);
  });
  it("never retry on their own", () => {
    expect(applyMove("falhou", "tentar_de_novo", jobs).ok).toBe(false);
  });
});

describe("final statuses", () => {
  it("are published and cancelled only", () => {
    expect(POST_STATUSES.filter(isFinal)).toEqual(["publicado", "cancelado"]);
  });
  it("every move leads somewhere a status list knows", () => {
    for (const move of POST_MOVE_NAMES) {
      const result = applyMove("rascunho", move, new Set<PostCapability>(["draft", "approve", "system"]));
      if (result.ok) expect(POST_STATUSES).toContain(result.status);
    }
  });
});

describe("tentar de novo", () => {
  it("moves only the failed network back to scheduled, never the other", () => {
    const facebook = { id: "fb", status: "publicado" as PostStatus };
    const instagram = { id: "ig", status: "falhou" as PostStatus };
    const [fb, ig] = retryFailed([facebook, instagram], approver);
    expect(fb).toBe(facebook);
    expect(ig).toEqual({ id: "ig", status: "agendado" });
  });
  it("leaves a publication going out, scheduled or cancelled alone", () => {
    const targets = (["publicando", "agendado", "cancelado", "rascunho"] as PostStatus[]).map((status, i) => ({ id: `${i}`, status }));
    const after = retryFailed(targets, approver);
    for (const [i, t] of after.entries()) expect(t).toBe(targets[i]);
  });
  it("is refused to a drafter, who changes nothing", () => {
    const targets = [{ id: "ig", status: "falhou" as PostStatus }];
    expect(retryFailed(targets, drafter)[0]).toBe(targets[0]);
  });
});
