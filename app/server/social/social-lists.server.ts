import { redirect } from "react-router";
import { POST_ATTEMPT_OUTCOME, SOCIAL_NETWORK, type SocialNetwork } from "../../../shared/enums/social.ts";
import {
  isFiltered,
  parseSocialListQuery,
  POST_ORIGIN_FILTER_LABELS,
  type SocialListQuery,
  socialListHref,
  socialListParams,
} from "../../../shared/social/social-list-query.ts";
import type { ActiveChip, FilterFieldView, FilterOptionView } from "../../components/social/social-list-ui.tsx";

/**
 * The URL side of the social lists: the query read from the address (a non-canonical address —
 * blank fields from the filter form, a value the list does not offer — is redirected to the
 * canonical one, so a copied link reads the same), the filter panel's fields and the chips.
 */

export function readSocialQuery(request: Request, basePath: string): SocialListQuery {
  const url = new URL(request.url);
  const query = parseSocialListQuery(url.searchParams);
  const canonical = socialListParams(query, {
    ...(query.apos ? { apos: query.apos } : {}),
    ...(query.antes ? { antes: query.antes } : {}),
  });
  const current = new URLSearchParams(url.searchParams);
  current.delete("_data");
  current.sort();
  const wanted = new URLSearchParams(canonical);
  wanted.sort();
  if (current.toString() !== wanted.toString()) {
    const search = canonical.toString();
    throw redirect(search ? `${basePath}?${search}` : basePath);
  }
  return query;
}

interface AccountChoice {
  id: string;
  nome: string;
  usuario: string | null;
  rede?: SocialNetwork;
}

function accountLabel(a: AccountChoice, withNetwork: boolean): string {
  const name = a.usuario ? `@${a.usuario.replace(/^@/, "")}` : a.nome;
  return withNetwork && a.rede ? `${name} (${SOCIAL_NETWORK.labels[a.rede]})` : name;
}

const ORDER_OPTIONS: FilterOptionView[] = [
  { value: "recentes", label: "Mais recentes primeiro" },
  { value: "antigas", label: "Mais antigas primeiro" },
];

function accountOptions(accounts: readonly AccountChoice[], withNetwork: boolean): FilterOptionView[] {
  return [{ value: "", label: "Todas as contas" }, ...accounts.map((a) => ({ value: a.id, label: accountLabel(a, withNetwork) }))];
}

function periodFields(query: SocialListQuery): FilterFieldView[] {
  return [
    { kind: "date", name: "de", label: "De (data)", value: query.de ?? "" },
    { kind: "date", name: "ate", label: "Até (data)", value: query.ate ?? "" },
  ];
}

function orderField(query: SocialListQuery): FilterFieldView {
  return { kind: "select", name: "ordem", label: "Ordem", value: query.ordem, options: ORDER_OPTIONS };
}

/** The chips of what narrows the list, each linking to the list without it (first page). */
function chips(basePath: string, query: SocialListQuery, accounts: readonly AccountChoice[], withNetwork: boolean): ActiveChip[] {
  const without = (patch: Partial<SocialListQuery>) => socialListHref(basePath, { ...query, ...patch, apos: null, antes: null });
  const day = (d: string) => d.split("-").reverse().join("/");
  const out: ActiveChip[] = [];
  if (query.q) out.push({ label: `Busca: ${query.q}`, removeHref: without({ q: "" }) });
  if (query.resultado)
    out.push({ label: `Resultado: ${POST_ATTEMPT_OUTCOME.labels[query.resultado]}`, removeHref: without({ resultado: null }) });
  if (query.rede) out.push({ label: `Rede: ${SOCIAL_NETWORK.labels[query.rede]}`, removeHref: without({ rede: null }) });
  if (query.conta) {
    const account = accounts.find((a) => a.id === query.conta);
    out.push({ label: `Conta: ${account ? accountLabel(account, withNetwork) : "não encontrada"}`, removeHref: without({ conta: null }) });
  }
  if (query.origem !== "todos")
    out.push({ label: `Origem: ${POST_ORIGIN_FILTER_LABELS[query.origem]}`, removeHref: without({ origem: "todos" }) });
  if (query.de || query.ate) {
    const label =
      query.de && query.ate
        ? `${day(query.de)} a ${day(query.ate)}`
        : query.de
          ? `a partir de ${day(query.de)}`
          : `até ${day(query.ate ?? "")}`;
    out.push({ label: `Período: ${label}`, removeHref: without({ de: null, ate: null }) });
  }
  return out;
}

export interface FilterPanel {
  fields: FilterFieldView[];
  chips: ActiveChip[];
  activeCount: number;
  clearHref: string;
  filtered: boolean;
}

/** /historico: outcome, network, account, period, order. */
export function historyFilters(basePath: string, query: SocialListQuery, accounts: readonly AccountChoice[]): FilterPanel {
  const fields: FilterFieldView[] = [
    {
      kind: "select",
      name: "resultado",
      label: "Resultado",
      value: query.resultado ?? "",
      options: [{ value: "", label: "Todos os resultados" }, ...POST_ATTEMPT_OUTCOME.options],
    },
    {
      kind: "select",
      name: "rede",
      label: "Rede",
      value: query.rede ?? "",
      options: [{ value: "", label: "Todas as redes" }, ...SOCIAL_NETWORK.options],
    },
    { kind: "select", name: "conta", label: "Conta", value: query.conta ?? "", options: accountOptions(accounts, true) },
    ...periodFields(query),
    orderField(query),
  ];
  return panel(basePath, query, fields, chips(basePath, query, accounts, true));
}

/** /facebook-posts, /instagram-posts: account, origin (not for who sees only their own), period, order. */
export function publishedFilters(
  basePath: string,
  query: SocialListQuery,
  accounts: readonly AccountChoice[],
  ownOnly: boolean,
): FilterPanel {
  const fields: FilterFieldView[] = [
    { kind: "select", name: "conta", label: "Conta", value: query.conta ?? "", options: accountOptions(accounts, false) },
    ...(ownOnly
      ? []
      : [
          {
            kind: "select" as const,
            name: "origem",
            label: "Origem",
            value: query.origem,
            options: (["todos", "alicerce", "conta"] as const).map((value) => ({ value, label: POST_ORIGIN_FILTER_LABELS[value] })),
          },
        ]),
    ...periodFields(query),
    orderField(query),
  ];
  return panel(basePath, query, fields, chips(basePath, query, accounts, false));
}

function panel(basePath: string, query: SocialListQuery, fields: FilterFieldView[], list: ActiveChip[]): FilterPanel {
  const clear = {
    ...query,
    resultado: null,
    rede: null,
    conta: null,
    origem: "todos" as const,
    de: null,
    ate: null,
    ordem: "recentes" as const,
    apos: null,
    antes: null,
  };
  return {
    fields,
    chips: list,
    activeCount: list.filter((c) => !c.label.startsWith("Busca:")).length + (query.ordem !== "recentes" ? 1 : 0),
    clearHref: socialListHref(basePath, clear),
    filtered: isFiltered(query),
  };
}
