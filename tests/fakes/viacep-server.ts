/**
 * A fake ViaCEP (what VIACEP_BASE_URL points at in tests): `GET /ws/{cep}/json/` answers like
 * the real service — the address JSON, `{ "erro": "true" }` for an unknown CEP, 400 for a
 * malformed one. `slow` CEPs answer after `delayMs` (to test the 2 s timeout); `failing` CEPs
 * answer 500 with an HTML page, as the real service does when it is down. Both sets can be
 * filled at start (`slowCeps`, `failingCeps`) for callers in another process (the e2e Worker).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeViaCepAddress {
  logradouro: string;
  complemento?: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export const VIACEP_FIXTURES: Record<string, FakeViaCepAddress> = {
  "01310100": {
    logradouro: "Avenida Paulista",
    complemento: "de 612 a 1510 - lado par",
    bairro: "Bela Vista",
    localidade: "São Paulo",
    uf: "SP",
  },
  "05422030": { logradouro: "Rua dos Pinheiros", bairro: "Pinheiros", localidade: "São Paulo", uf: "SP" },
  "20040002": { logradouro: "Rua da Assembleia", bairro: "Centro", localidade: "Rio de Janeiro", uf: "RJ" },
};

export interface FakeViaCep {
  /** Base URL for VIACEP_BASE_URL, e.g. http://127.0.0.1:40123/ws */
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  /** CEPs that answer only after `delayMs`. */
  slow: Set<string>;
  /** CEPs that answer 500 (ViaCEP down). */
  failing: Set<string>;
  close(): Promise<void>;
}

export interface FakeViaCepOptions {
  /** How long a `slow` CEP takes to answer (default 3000 ms, over the app's 2 s timeout). */
  delayMs?: number;
  slowCeps?: Iterable<string>;
  failingCeps?: Iterable<string>;
}

export async function startFakeViaCep(options: FakeViaCepOptions = {}): Promise<FakeViaCep> {
  const requests: string[] = [];
  const slow = new Set<string>(options.slowCeps ?? []);
  const failing = new Set<string>(options.failingCeps ?? []);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(path);
    if (req.method !== "GET" || !match) {
      res.writeHead(404).end();
      return;
    }
    const cep = match[1] ?? "";
    const answer = () => {
      if (!/^\d{8}$/.test(cep)) {
        res.writeHead(400, { "content-type": "text/html" }).end("<h1>Erro 400</h1>");
        return;
      }
      if (failing.has(cep)) {
        res.writeHead(500, { "content-type": "text/html" }).end("<h1>Erro 500</h1>");
        return;
      }
      const found = VIACEP_FIXTURES[cep];
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(
        JSON.stringify(
          found
            ? {
                cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
                logradouro: found.logradouro,
                complemento: found.complemento ?? "",
                unidade: "",
                bairro: found.bairro,
                localidade: found.localidade,
                uf: found.uf,
                ibge: "3550308",
                ddd: "11",
              }
            : { erro: "true" },
        ),
      );
    };
    if (slow.has(cep)) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, options.delayMs ?? 3000);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws`,
    requests,
    slow,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
