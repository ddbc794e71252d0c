import { sql } from "drizzle-orm";
import { companies, companyKeys } from "../../../../db/schema/index.ts";
import { isValidCnpj, normalizeCnpj } from "../../../../shared/documents.ts";
import { type CompanyInput, type CompanyRow, companyDefinition, companyDisplayName } from "../../../../shared/resources/companies.ts";
import { cityKey, searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";
import { probeDocument, probeEmail, probePhones } from "../shared-checks.ts";

/** Empresas, server side. */
export const companiesModule: ResourceModule<CompanyRow, CompanyInput> = {
  definition: companyDefinition,
  table: companies,
  keys: companyKeys,
  titleSql: sql`coalesce(nullif(${companies.nomeFantasia}, ''), ${companies.razaoSocial})`,
  extras: {
    totalClientes: sql`(select count(*) from clients c where c.org_id = ${companies.orgId} and c.company_id = ${companies.id} and c.deleted_at is null)`,
  },
  values(input) {
    return {
      ordem: sortKey(companyDisplayName(input)),
      chavesBusca: JSON.stringify(
        searchKeys({
          names: [input.razaoSocial, input.nomeFantasia],
          document: input.cnpj,
          email: input.email,
          phones: input.telefone ? [input.telefone] : [],
          city: input.cidade,
        }),
      ),
    };
  },
  filters: {
    tipo: { column: companies.tipo },
    uf: { column: companies.uf },
    criadoEm: { column: companies.criadoEm },
    atualizadoEm: { column: companies.atualizadoEm },
    cidade: { key: cityKey },
  },
  duplicates: [
    {
      reason: "documento",
      field: "cnpj",
      label: () => "CNPJ",
      match: { column: companies.cnpj },
      probe: (i) => probeDocument(i.cnpj, [14]),
    },
    { reason: "e-mail", field: "email", label: () => "e-mail", match: { column: companies.email }, probe: (i) => probeEmail(i.email) },
    { reason: "telefone", field: "telefone", label: () => "telefone", match: { keys: true }, probe: (i) => probePhones([i.telefone]) },
  ],
  import: {
    required: "razaoSocial",
    aliases: {
      nome: "razaoSocial",
      empresa: "razaoSocial",
      "razao social": "razaoSocial",
      fantasia: "nomeFantasia",
      ie: "inscricaoEstadual",
      "inscricao estadual": "inscricaoEstadual",
      email: "email",
      "e-mail": "email",
      fone: "telefone",
      celular: "telefone",
      whatsapp: "telefone",
      website: "site",
      endereco: "rua",
      logradouro: "rua",
      estado: "uf",
      observacao: "observacoes",
      obs: "observacoes",
    },
  },
  lookup: {
    exact: { column: companies.cnpj, accepts: isValidCnpj, normalize: normalizeCnpj },
    names: [companies.razaoSocial, companies.nomeFantasia],
  },
  example: () => ({
    tipo: "construtora",
    cnpj: "11.222.333/0001-81",
    razaoSocial: "Construtora Horizonte Ltda.",
    nomeFantasia: "Horizonte",
    inscricaoEstadual: "123.456.789.110",
    email: "contato@horizonte.com.br",
    telefone: "(11) 3333-4444",
    site: "https://horizonte.com.br",
    cep: "05422-030",
    cidade: "São Paulo",
    uf: "SP",
  }),
};
