import { type SQL, sql } from "drizzle-orm";
import { clientKeys, clients } from "../../../../db/schema/index.ts";
import { cityKey, searchKeys, sortKey, tagKey } from "../../../../shared/search.ts";
import { type ClientInput, type ClientRow, clientDefinition } from "../../../../shared/resources/clients.ts";
import { normalizeCnpj } from "../../../../shared/documents.ts";
import type { ResourceModule } from "../../define.ts";
import { documentLabel, probeDocument, probeEmail, probePhones } from "../shared-checks.ts";

/** Clientes, server side: what the registry needs beyond the shared definition. */
export const clientsModule: ResourceModule<ClientRow, ClientInput> = {
  definition: clientDefinition,
  table: clients,
  keys: clientKeys,
  titleSql: sql`${clients.nome}`,
  extras: {
    empresaNome: sql`(select coalesce(nullif(e.trade_name, ''), e.legal_name) from companies e where e.id = ${clients.empresaId} and e.org_id = ${clients.orgId} and e.deleted_at is null)`,
  },
  values(input, info) {
    return {
      ordem: sortKey(input.nome),
      telefonePrincipal: input.telefones[0]?.numero ?? null,
      telefones: input.telefones.map((p) => ({ numero: p.numero, whatsapp: p.whatsapp, rotulo: p.rotulo ?? null })),
      // Consent keeps the date it was first given; withdrawing it clears the date.
      consentimentoLgpdEm: !input.consentimentoLgpd
        ? null
        : info.mode === "create"
          ? info.now
          : (sql`coalesce(${clients.consentimentoLgpdEm}, ${info.now.getTime()})` as SQL),
      chavesBusca: JSON.stringify(
        searchKeys({
          names: [input.nome],
          document: input.documento,
          email: input.email,
          phones: input.telefones.map((p) => p.numero),
          tags: input.tags,
          city: input.cidade,
        }),
      ),
    };
  },
  filters: {
    tipo: { column: clients.tipo },
    origem: { column: clients.origem },
    uf: { column: clients.uf },
    consentimento: { column: clients.consentimentoLgpd },
    criadoEm: { column: clients.criadoEm },
    atualizadoEm: { column: clients.atualizadoEm },
    tags: { key: tagKey },
    cidade: { key: cityKey },
  },
  duplicates: [
    {
      reason: "documento",
      field: "documento",
      label: documentLabel,
      match: { column: clients.documento },
      probe: (i) => probeDocument(i.documento),
    },
    { reason: "e-mail", field: "email", label: () => "e-mail", match: { column: clients.email }, probe: (i) => probeEmail(i.email) },
    { reason: "telefone", field: "telefones", label: () => "telefone", match: { keys: true }, probe: (i) => probePhones(i.telefones) },
  ],
  import: {
    required: "nome",
    aliases: {
      cpf: "documento",
      cnpj: "documento",
      "cpf cnpj": "documento",
      "cpf/cnpj": "documento",
      documento: "documento",
      telefone: "telefones",
      celular: "telefones",
      whatsapp: "telefones",
      fone: "telefones",
      email: "email",
      "e-mail": "email",
      nascimento: "aniversario",
      aniversario: "aniversario",
      endereco: "rua",
      logradouro: "rua",
      estado: "uf",
      observacao: "observacoes",
      obs: "observacoes",
      "consentimento lgpd": "consentimentoLgpd",
      consentimento: "consentimentoLgpd",
      lgpd: "consentimentoLgpd",
      etiquetas: "tags",
      empresa: "empresa",
      "nome da empresa": "empresa",
      "cnpj da empresa": "empresa",
      "empresa (nome ou cnpj)": "empresa",
    },
    references: { empresa: { field: "empresaId", label: "Empresa", names: "nome ou CNPJ", resource: "companies" } },
    complete(values) {
      if (values.tipo?.trim()) return values;
      // A spreadsheet rarely says "pf"/"pj": the document's length does.
      return { ...values, tipo: normalizeCnpj(values.documento ?? "").length === 14 ? "pj" : "pf" };
    },
  },
  lookup: { names: [clients.nome] },
  relations: [
    {
      column: clients.empresaId,
      target: "companies",
      field: "empresaId",
      message: "Empresa não encontrada. Escolha uma empresa cadastrada.",
    },
  ],
  example: (related) => ({
    tipo: "pf",
    nome: "Maria Aparecida Souza",
    documento: "529.982.247-25",
    email: "maria.souza@exemplo.com.br",
    telefones: [{ numero: "(11) 91234-5678", whatsapp: true, rotulo: "Celular" }],
    aniversario: "1985-04-12",
    cep: "01310-100",
    rua: "Avenida Paulista",
    numero: "1000",
    bairro: "Bela Vista",
    cidade: "São Paulo",
    uf: "SP",
    tags: ["vip"],
    origem: "instagram",
    observacoes: "Prefere contato à tarde.",
    consentimentoLgpd: true,
    empresaId: related("companies"),
  }),
  erase: true,
};
