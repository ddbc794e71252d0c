import { formatDate, formatDateTime } from "../format.ts";
import { cep, optional, optionalString } from "../validation.ts";
import { UFS } from "../organization/business-fields.ts";
import { optionalOption, UF_OPTIONS } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef } from "./types.ts";

/**
 * What records with an address share (clients, companies; properties next): the schema
 * fields, the form's "Endereço" section with CEP autofill, the list columns, and the audit
 * columns every record has. Client-safe.
 */

export interface AddressRow {
  cep: string | null;
  rua: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
}

const UF_VALUES = UFS as unknown as readonly [string, ...string[]];

/** Schema fields of an address (spread into a resource's `z.object`). */
export const addressShape = {
  cep: optional(cep("CEP")),
  rua: optionalString("Rua", { max: 160 }),
  numero: optionalString("Número", { max: 20 }),
  complemento: optionalString("Complemento", { max: 80 }),
  bairro: optionalString("Bairro", { max: 80 }),
  cidade: optionalString("Cidade", { max: 80 }),
  uf: optionalOption("UF", { values: UF_VALUES, options: UF_OPTIONS }),
};

/** The form's "Endereço" section; the CEP fills the rest from ViaCEP. */
export const addressFields: readonly FieldDef[] = [
  {
    name: "cep",
    label: "CEP",
    kind: "cep",
    section: "Endereço",
    hint: "Preenche o endereço automaticamente.",
    autoComplete: "postal-code",
  },
  { name: "rua", label: "Rua", kind: "text", section: "Endereço", autoComplete: "address-line1" },
  { name: "numero", label: "Número", kind: "text", section: "Endereço" },
  { name: "complemento", label: "Complemento", kind: "text", section: "Endereço", autoComplete: "address-line2" },
  { name: "bairro", label: "Bairro", kind: "text", section: "Endereço", autoComplete: "address-level3" },
  { name: "cidade", label: "Cidade", kind: "text", section: "Endereço", autoComplete: "address-level2" },
  { name: "uf", label: "UF", kind: "select", options: UF_OPTIONS, section: "Endereço", autoComplete: "address-level1" },
];

/** List columns Cidade (filtered by its accent-insensitive key) and UF. */
export function addressColumns<Row extends AddressRow>(): ColumnDef<Row>[] {
  return [
    { key: "cidade", label: "Cidade", text: (r) => r.cidade ?? "", filter: { type: "text" }, defaultVisible: true },
    { key: "uf", label: "UF", text: (r) => r.uf ?? "", filter: { type: "multi-enum", options: UF_OPTIONS }, defaultVisible: false },
  ];
}

/** "Cadastrado em" / "Atualizado em" (or -a for a feminine noun), sortable and filterable by date. */
export function auditColumns<Row extends { criadoEm: string; atualizadoEm: string }>(feminine: boolean): ColumnDef<Row>[] {
  const ending = feminine ? "a" : "o";
  return [
    {
      key: "criadoEm",
      label: `Cadastrad${ending} em`,
      text: (r, zone) => formatDate(r.criadoEm, zone),
      value: (r) => r.criadoEm,
      sort: "date",
      filter: { type: "date-range" },
      defaultVisible: false,
    },
    {
      key: "atualizadoEm",
      label: `Atualizad${ending} em`,
      text: (r, zone) => formatDateTime(r.atualizadoEm, zone),
      value: (r) => r.atualizadoEm,
      sort: "date",
      filter: { type: "date-range" },
      defaultVisible: false,
    },
  ];
}
