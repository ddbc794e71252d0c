import { describe, expect, it } from "vitest";
import {
  appointmentLinkPath,
  hashAppointmentLinkToken,
  isAppointmentLinkToken,
  newAppointmentLinkToken,
} from "../../../worker/services/agenda/appointment-link.ts";

describe("appointment link tokens", () => {
  it("are 43 base64url characters, different each time, and accepted by the shape check", () => {
    const a = newAppointmentLinkToken();
    const b = newAppointmentLinkToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(isAppointmentLinkToken(a)).toBe(true);
    expect(isAppointmentLinkToken(`${a}x`)).toBe(false);
    expect(isAppointmentLinkToken("../../etc/passwd")).toBe(false);
  });

  it("store only the SHA-256 hex, the same for the same token", async () => {
    const token = newAppointmentLinkToken();
    const hash = await hashAppointmentLinkToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(await hashAppointmentLinkToken(token)).toBe(hash);
    expect(await hashAppointmentLinkToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("make the client's page path", () => {
    expect(appointmentLinkPath("x".repeat(43))).toBe(`/agendamento/${"x".repeat(43)}`);
  });
});
