import { describe, expect, it } from "vitest";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { interesseDefinition } from "../../shared/resources/interesses.ts";
import { createLinks, fillReturn, ID_SLOT, returnAddress } from "../../app/server/return-to.server.ts";

/**
 * "Cadastrar novo …" beside a relation picker: the link appears where the role may create the
 * related record, and the way back is followed only to this site's paths holding the id slot.
 */

const at = (path: string) => new Request(`https://app.exemplo.com.br${path}`);
const withBack = (back: string) => at(`/clients/create?volta=${encodeURIComponent(back)}`);

describe("return address", () => {
  it("keeps a path of this site with the id slot, and fills it", () => {
    const back = `/property_clients/create?imovel=abc&cliente=${ID_SLOT}`;
    expect(returnAddress(withBack(back))).toBe(back);
    expect(fillReturn(back, "1f0c")).toBe("/property_clients/create?imovel=abc&cliente=1f0c");
    expect(fillReturn(back, null)).toBe("/property_clients/create?imovel=abc&cliente=");
  });

  it("refuses another origin, protocol-relative and backslash tricks, and paths without the slot", () => {
    for (const back of [
      `https://evil.example/?c=${ID_SLOT}`,
      `//evil.example/?c=${ID_SLOT}`,
      `/\\evil.example/?c=${ID_SLOT}`,
      `javascript:alert(1)//${ID_SLOT}`,
      "/property_clients/create?cliente=",
      "",
    ]) {
      expect(returnAddress(withBack(back)), back).toBeNull();
    }
    expect(returnAddress(at("/clients/create"))).toBeNull();
  });
});

describe("create links", () => {
  it("offers the client form under the interest's client picker to every role that may create clients", () => {
    for (const role of ["owner", "admin", "staff", "professional"] as const) {
      const links = createLinks(at("/property_clients/create?imovel=abc"), interesseDefinition, role);
      expect(Object.keys(links), role).toEqual(["clienteId"]);
      const href = new URL(links.clienteId?.href ?? "", "https://app.exemplo.com.br");
      expect(href.pathname).toBe("/clients/create");
      expect(href.searchParams.get("volta")).toBe(`/property_clients/create?imovel=abc&cliente=${ID_SLOT}`);
      expect(links.clienteId?.label).toBe("Cadastrar novo cliente");
    }
  });

  it("replaces a preset already in the address, and offers nothing the role may not create", () => {
    const links = createLinks(at("/property_clients/create?cliente=old&volta=x"), interesseDefinition, "professional");
    const href = new URL(links.clienteId?.href ?? "", "https://app.exemplo.com.br");
    expect(href.searchParams.get("volta")).toBe(`/property_clients/create?cliente=${ID_SLOT}`);
    // A client's form points at companies: the office may register one, a corretor may not.
    expect(createLinks(at("/clients/create"), clientDefinition, "staff").empresaId?.label).toBe("Cadastrar nova empresa");
    expect(createLinks(at("/clients/create"), clientDefinition, "professional")).toEqual({});
  });
});
