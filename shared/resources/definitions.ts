import { agendamentoDefinition } from "./agendamentos.ts";
import { clientDefinition } from "./clients.ts";
import { companyDefinition } from "./companies.ts";
import { contaFinanceiraDefinition } from "./contas-financeiras.ts";
import { despesaDefinition } from "./despesas.ts";
import { imovelDefinition } from "./imoveis.ts";
import { interesseDefinition } from "./interesses.ts";
import { movimentacaoDefinition } from "./movimentacoes.ts";
import { movimentacaoProdutoDefinition } from "./movimentacoes-produtos.ts";
import { postDefinition } from "./posts.ts";
import { produtoDefinition } from "./produtos.ts";
import { receitaDefinition } from "./receitas.ts";
import { profissionalDefinition } from "./profissionais.ts";
import { referenciaDefinition } from "./referencias.ts";
import { servicoDefinition } from "./servicos.ts";
import { documentoDefinition } from "./documentos.ts";
import { pedidoDefinition } from "./pedidos.ts";
import { vendaDefinition } from "./vendas.ts";
import type { ResourceDefinition } from "./types.ts";
import { screenPathOf } from "./screen-path.ts";

/**
 * Every kind of record's pure definition, once, in the registry's order. Client-safe and free of
 * server code, so the permission table, the navigation and the screens can read it without
 * importing the server modules (worker/resources/registry.ts pairs each with its server half).
 */
export const DEFINITIONS = [
  companyDefinition,
  clientDefinition,
  produtoDefinition,
  movimentacaoProdutoDefinition,
  imovelDefinition,
  interesseDefinition,
  postDefinition,
  referenciaDefinition,
  profissionalDefinition,
  agendamentoDefinition,
  servicoDefinition,
  documentoDefinition,
  pedidoDefinition,
  vendaDefinition,
  contaFinanceiraDefinition,
  despesaDefinition,
  receitaDefinition,
  movimentacaoDefinition,
] as const;

// biome-ignore lint/suspicious/noExplicitAny: definitions of different row and input types
export type AnyDefinition = ResourceDefinition<any, any>;

const BY_NAME = new Map<string, AnyDefinition>(DEFINITIONS.map((d) => [d.name, d as AnyDefinition]));

/** The pure definition of a registered resource, or undefined for another name. */
export function definitionByName(name: string): AnyDefinition | undefined {
  return BY_NAME.get(name);
}

const BY_API = new Map<string, AnyDefinition>(DEFINITIONS.map((d) => [d.api, d as AnyDefinition]));

/** The definition behind an API segment (a relation field's `relation`: `produtos`), or undefined. */
export function definitionByApi(api: string): AnyDefinition | undefined {
  return BY_API.get(api);
}

/** Every path a definition's screens answer on: its basePath and the list's aliases (`/clientes`). */
export function screenPaths(def: AnyDefinition): string[] {
  return [def.basePath, ...(def.screens?.aliases ?? [])];
}

const BY_PATH = new Map<string, AnyDefinition>(
  DEFINITIONS.flatMap((d) => screenPaths(d as AnyDefinition).map((p) => [p, d as AnyDefinition])),
);

/**
 * The definition whose screens a path belongs to, by its longest screen path that is the path or
 * a folder of it (`/clients/abc/edit`, `/clientes`, `/ai-content/referencias/create`, and the
 * client navigation's `/clients.data`), or undefined for another path.
 */
export function definitionByPath(pathname: string): AnyDefinition | undefined {
  const base = screenPathOf(pathname, BY_PATH.keys());
  return base ? BY_PATH.get(base) : undefined;
}
