import { consultarCep } from "./consultar-cep.ts";
import type { EdgeFunction } from "./registry.ts";
import { validarDocumento } from "./validar-documento.ts";

/** Every edge function by name. Later features register theirs here. */
export const edgeFunctions: ReadonlyMap<string, EdgeFunction> = new Map<string, EdgeFunction>(
  [validarDocumento as EdgeFunction, consultarCep as EdgeFunction].map((fn) => [fn.name, fn]),
);
