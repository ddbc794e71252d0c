import path from "node:path";
import { freePort, ROOT } from "./proc.ts";

export interface LibsqlServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface ServerModule {
  startLibsqlServer(options: {
    file: string;
    port?: number;
    host?: string;
  }): Promise<{ url: string; port: number; close(): Promise<void> | void }>;
}

/**
 * Starts the project's local libSQL server (Hrana over HTTP, tools/libsql-server) in this
 * process on `file`. Uses `preferredPort` when free, otherwise any free port.
 */
export async function startLibsql(file: string, preferredPort?: number): Promise<LibsqlServer> {
  const modulePath = path.join(ROOT, "tools/libsql-server/server.ts");
  let mod: ServerModule;
  try {
    mod = (await import(modulePath)) as ServerModule;
  } catch (error) {
    throw new Error(`cannot load the local libSQL server (${modulePath}): ${(error as Error).message}`);
  }
  const port = await freePort(preferredPort);
  const server = await mod.startLibsqlServer({ file: path.resolve(file), port, host: "127.0.0.1" });
  return {
    url: server.url,
    port: server.port,
    close: async () => {
      await server.close();
    },
  };
}
