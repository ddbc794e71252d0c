import { lazy, type ReactNode, Suspense } from "react";
import { applyMask, MASKS, maskCpfCnpj, maskPhone } from "../../../shared/mask.ts";
import { formatCep, formatCnpj, formatCpf, formatPhoneBR } from "../../../shared/documents.ts";
import { formatBRL, formatDate, formatDateTime, formatNumber, toDateTimeLocal } from "../../../shared/format.ts";
import type { FieldDef, FieldKind, FilterOption } from "../../../shared/resources/types.ts";
import { CheckboxField, Field, SelectField } from "../ui/form.tsx";
import { completeMoneyInput, decimalsOfStep, maskDecimalInput, onMoneyInput } from "../ui/number-input.ts";
import { type PhoneValue, PhonesField, RelationField, TagsField, TextareaField } from "./form-fields.tsx";
import { ChoicesField, PlacesField } from "./choice-fields.tsx";
import { linesFormValue } from "../../../shared/resources/line-catalogue.ts";
import { formatPlace, type InterestPlace } from "../../../shared/real-estate/places.ts";
import type { DetailValue, RelationCreateLink, RelationOption } from "./types.ts";

/** The colour picker loads with the first form that has a colour (contrast math and swatches stay out of every other form). */
const ColorChoiceField = lazy(() => import("./color-choice.tsx").then((m) => ({ default: m.ColorChoiceField })));
/** The lines editor (items of an order…) loads with the first form that has lines: pricing stays out of every other form. */
const LinesField = lazy(() => import("./lines-field.tsx").then((m) => ({ default: m.LinesField })));

/**
 * Every field kind, once: its form input, how a stored value reads on the record page and what
 * the form starts with when editing, and its layout. The form (resource-form.tsx) and the
 * record page's view (view.server.ts) read this table; adding a kind is one entry here (and
 * its name in `FieldKind`). Imports read values through the definition's schema, lists through
 * their columns' cells.
 */

/** What an input needs from the form around it. */
export interface InputContext {
  /** Label, name, required, error and autocomplete, as every input takes them. */
  common: { label: string; name: string; required: boolean | undefined; error: string | undefined; autoComplete: string };
  errors: Record<string, string>;
  /** The value to show: what was typed (after a refused submit), else the loaded one. */
  text: (name: string) => string;
  checked: (name: string) => boolean;
  tagList: (name: string) => string[];
  /** A repeated field's values (checkbox groups, pickers), each whole. */
  valueList: (name: string) => string[];
  phoneList: (name: string) => PhoneValue[];
  selectOptions: Record<string, readonly FilterOption[]>;
  relations: Record<string, readonly RelationOption[]>;
  /** "Cadastrar novo …" under a relation picker, by field name. */
  relationCreate: Record<string, RelationCreateLink>;
  /** A change the form's own events do not see (tags, phones). */
  onChanged: () => void;
  /** A relation was picked: mark the form changed and validate the field. */
  onPick: (form: HTMLFormElement | null, name: string) => void;
  /** The CEP lookup's status line and trigger (fills the address). */
  cep: { status: string; lookup: (form: HTMLFormElement, masked: string) => void };
}

/** A form value as the inputs hold it. */
export type FormValue = string | boolean | string[] | PhoneValue[];

/** What a reading needs from the page around it (given by the record page's server side). */
export interface DisplayContext {
  /** The organização's IANA zone: instants read in it. */
  timeZone: string;
  /** The record page of a record of another resource (a relation's `relation` segment and id), or null when it has none. */
  recordHref: (relation: string, id: string) => string | null;
}

export interface FieldKindEntry {
  input: (field: FieldDef, ctx: InputContext) => ReactNode;
  /** How a stored value reads on the record page (called for blank values only with `displaysBlank`). */
  display: (value: unknown, field: FieldDef, row: Record<string, unknown>, at: DisplayContext) => DetailValue;
  /** A blank value still reads as something (a checkbox's "Não"). */
  displaysBlank?: boolean;
  /** What the form's input starts with for a stored value; plain text when absent. */
  formValue?: (value: unknown, zone: string) => FormValue;
  /** Right-aligned tabular figures when shown read-only. */
  numeric?: boolean;
  /** Spans both columns of the form. */
  wideInForm?: boolean;
  /** Spans both columns of the record page. */
  wideInDetail?: boolean;
}

export function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && !value.length)
  );
}

function formatDocument(value: string): string {
  return value.length === 11 ? formatCpf(value) : formatCnpj(value);
}

export function safeDate(value: string, withTime: boolean, zone: string): string {
  try {
    return withTime ? formatDateTime(value, zone) : formatDate(value, zone);
  } catch {
    return value;
  }
}

function safeDateTimeLocal(value: string, zone: string): string {
  try {
    return toDateTimeLocal(value, zone);
  } catch {
    return "";
  }
}

interface StoredPhone {
  numero: string;
  whatsapp?: boolean;
  rotulo?: string | null;
}

function phonesOf(value: unknown): StoredPhone[] {
  if (!Array.isArray(value)) return [];
  return value.filter((p): p is StoredPhone => typeof p === "object" && p !== null && typeof (p as StoredPhone).numero === "string");
}

export function whatsappHref(digits: string): string {
  return `https://wa.me/55${digits.replace(/\D/g, "")}`;
}

/**
 * The name of the record a relation field points to, by the rows' convention: `fornecedorId`
 * is named by `fornecedorNome` (null when the row has no such name: the record was deleted).
 */
function relationTitle(field: FieldDef, row: Record<string, unknown>): string | null {
  const base = field.name.endsWith("Id") ? field.name.slice(0, -2) : field.name;
  const title = row[`${base}Nome`];
  return typeof title === "string" && title ? title : null;
}

function maskCnpj(value: string): string {
  return applyMask(value.replace(/[^0-9A-Za-z]/g, "").toUpperCase(), MASKS.cnpj);
}

/** A stored list as texts (a JSON array, or one text). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return isBlank(value) ? [] : [String(value)];
}

/** Stored places (`{ bairro?, cidade, uf? }`) as "bairro, cidade - UF" texts. */
function placeTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return listOf(value);
  return value.map((p) =>
    typeof p === "object" && p !== null && typeof (p as InterestPlace).cidade === "string" ? formatPlace(p as InterestPlace) : String(p),
  );
}

const BARCODE_MAX = 14;
const digitsOnly = (value: string) => value.replace(/\D/g, "").slice(0, BARCODE_MAX);

/** A stored text, formatted when present (documents, phones, CEP). */
const formatted = (format: (value: string) => string) => (value: unknown) => (typeof value === "string" && value ? format(value) : "");

const plainText = (value: unknown): DetailValue => ({ kind: "text", text: String(value) });
const numericText = (value: unknown): DetailValue => ({ kind: "text", text: String(value), numeric: true });
const plainInput = (field: FieldDef, { common, text }: InputContext) => (
  <Field {...common} hint={field.hint} defaultValue={text(field.name)} />
);

/**
 * A text with suggestions when the page offers some (`selectOptions` by the field's name) or the
 * field has its own (`suggestions`): a native datalist, free typing kept.
 */
const suggestedInput = (field: FieldDef, ctx: InputContext) => {
  const offered = (ctx.selectOptions[field.name] ?? []).map((o) => o.value);
  const suggestions = [...new Set([...offered, ...(field.suggestions ?? [])])].map((value) => ({ value }));
  if (!suggestions.length) return plainInput(field, ctx);
  const listId = `${field.name}-sugestoes`;
  return (
    <div>
      <Field {...ctx.common} hint={field.hint} defaultValue={ctx.text(field.name)} list={listId} />
      <datalist id={listId}>
        {suggestions.map((o) => (
          <option key={o.value} value={o.value} />
        ))}
      </datalist>
    </div>
  );
};

export const FIELD_KINDS: { readonly [K in FieldKind]: FieldKindEntry } = {
  text: { input: suggestedInput, display: plainText },
  // Built by a screen of its own (the checkout's items and payments): no generic input; read as text.
  draft: { input: () => null, display: (value) => ({ kind: "text", text: typeof value === "string" ? value : JSON.stringify(value) }) },
  textarea: {
    input: (field, { common, text }) => <TextareaField {...common} hint={field.hint} defaultValue={text(field.name)} maxLength={2000} />,
    display: (value) => ({ kind: "text", text: String(value), multiline: true }),
    wideInForm: true,
    wideInDetail: true,
  },
  email: {
    input: (field, { common, text }) => (
      <Field {...common} type="email" inputMode="email" hint={field.hint} defaultValue={text(field.name)} />
    ),
    display: (value) => ({ kind: "link", text: String(value), href: `mailto:${String(value)}` }),
  },
  url: {
    input: (field, { common, text }) => (
      <Field {...common} type="url" inputMode="url" placeholder="www.exemplo.com.br" hint={field.hint} defaultValue={text(field.name)} />
    ),
    display: (value) => {
      const text = String(value);
      return /^https?:\/\//i.test(text)
        ? { kind: "link", text: text.replace(/^https?:\/\//i, ""), href: text, external: true }
        : { kind: "text", text };
    },
  },
  tel: {
    input: (field, { common, text }) => (
      <Field
        {...common}
        type="tel"
        inputMode="tel"
        mask={maskPhone}
        placeholder="(11) 91234-5678"
        hint={field.hint}
        defaultValue={text(field.name)}
      />
    ),
    display: (value) => {
      const text = String(value);
      return { kind: "link", text: formatPhoneBR(text), href: `tel:+55${text.replace(/\D/g, "")}` };
    },
    formValue: formatted(formatPhoneBR),
  },
  "cpf-cnpj": {
    input: (field, { common, text }) => (
      <Field {...common} hint={field.hint} inputMode="text" mask={maskCpfCnpj} defaultValue={text(field.name)} />
    ),
    display: (value) => ({ kind: "text", text: formatDocument(String(value)), numeric: true }),
    formValue: formatted(formatDocument),
  },
  cnpj: {
    input: (field, { common, text }) => (
      <Field
        {...common}
        hint={field.hint}
        inputMode="text"
        mask={maskCnpj}
        placeholder="00.000.000/0000-00"
        defaultValue={text(field.name)}
      />
    ),
    display: (value) => ({ kind: "text", text: formatCnpj(String(value)), numeric: true }),
    formValue: formatted(formatCnpj),
  },
  cep: {
    input: (field, { common, text, cep }) => (
      <Field
        {...common}
        inputMode="numeric"
        mask={MASKS.cep}
        placeholder="00000-000"
        hint={
          <>
            {field.hint}
            <span aria-live="polite" className="block text-accent">
              {cep.status}
            </span>
          </>
        }
        defaultValue={text(field.name)}
        onInput={(e) => {
          const form = e.currentTarget.form;
          if (form) cep.lookup(form, e.currentTarget.value);
        }}
      />
    ),
    display: (value) => ({ kind: "text", text: formatCep(String(value)), numeric: true }),
    formValue: formatted(formatCep),
  },
  date: {
    input: (field, { common, text }) => <Field {...common} type="date" hint={field.hint} defaultValue={text(field.name)} />,
    display: (value, _field, _row, { timeZone }) => ({ kind: "text", text: safeDate(String(value), false, timeZone), numeric: true }),
  },
  // `<input type="datetime-local">` holds the organização's wall-clock time (read back in its zone on save).
  datetime: {
    input: (field, { common, text }) => <Field {...common} type="datetime-local" hint={field.hint} defaultValue={text(field.name)} />,
    display: (value, _field, _row, { timeZone }) => ({ kind: "text", text: safeDate(String(value), true, timeZone), numeric: true }),
    formValue: (value, zone) => (isBlank(value) ? "" : safeDateTimeLocal(String(value), zone)),
  },
  color: {
    input: (field, { common, text, onChanged }) => (
      <Suspense fallback={<Field {...common} hint={field.hint} defaultValue={text(field.name)} />}>
        <ColorChoiceField
          label={field.label}
          name={field.name}
          hint={field.hint}
          error={common.error}
          required={field.required}
          palette={field.options ?? []}
          defaultValue={text(field.name)}
          onChanged={onChanged}
        />
      </Suspense>
    ),
    // The palette's name ("Azul"), else the code.
    display: (value, field) => {
      const hex = String(value);
      return { kind: "text", text: field.options?.find((o) => o.value === hex.toLowerCase())?.label ?? hex.toUpperCase() };
    },
    wideInForm: true,
  },
  select: {
    input: (field, { common, text, selectOptions }) => (
      <SelectField
        {...common}
        options={field.options ?? selectOptions[field.name] ?? []}
        placeholder={field.required ? "Selecione" : (field.placeholder ?? "Não informado")}
        defaultValue={text(field.name)}
      />
    ),
    display: (value, field) => {
      const text = String(value);
      return { kind: "text", text: field.options?.find((o) => o.value === text)?.label ?? text };
    },
  },
  checkbox: {
    input: (field, { errors, checked }) => (
      <div>
        {/* An unticked box sends nothing: this "off" says so (the last value wins), so a default of "on" cannot override it. */}
        <input type="hidden" name={field.name} value="off" />
        <CheckboxField label={field.label} name={field.name} error={errors[field.name]} defaultChecked={checked(field.name)} />
        {field.hint ? <p className="mt-1 pl-6 text-xs text-fg-soft">{field.hint}</p> : null}
      </div>
    ),
    display: (value, field, row, { timeZone }) => {
      const when = row[`${field.name}Em`];
      if (value !== true) return { kind: "text", text: "Não" };
      return { kind: "text", text: typeof when === "string" && when ? `Sim, desde ${safeDate(when, false, timeZone)}` : "Sim" };
    },
    displaysBlank: true,
    formValue: (value) => value === true,
    wideInForm: true,
    wideInDetail: true,
  },
  tags: {
    input: (field, { errors, tagList, onChanged }) => (
      <TagsField
        label={field.label}
        name={field.name}
        hint={field.hint}
        error={errors[field.name]}
        defaultTags={tagList(field.name)}
        onChanged={onChanged}
      />
    ),
    display: (value) => ({
      kind: "tags",
      tags: Array.isArray(value)
        ? value.map(String)
        : String(value)
            .split(",")
            .map((t) => t.trim()),
    }),
    formValue: (value) => (Array.isArray(value) ? value.map(String) : []),
    wideInForm: true,
  },
  choices: {
    input: (field, { errors, valueList, selectOptions, onChanged }) => (
      <ChoicesField
        label={field.label}
        name={field.name}
        hint={field.hint}
        error={errors[field.name]}
        chosen={valueList(field.name)}
        options={field.options ?? selectOptions[field.name] ?? []}
        onChanged={onChanged}
      />
    ),
    // The options' labels; a value the list does not have reads as stored.
    display: (value, field) => ({
      kind: "tags",
      tags: listOf(value).map((v) => field.options?.find((o) => o.value === v)?.label ?? v),
    }),
    formValue: (value) => listOf(value),
    wideInForm: true,
  },
  places: {
    input: (field, { errors, valueList, selectOptions, onChanged }) => (
      <PlacesField
        label={field.label}
        name={field.name}
        hint={field.hint}
        error={errors[field.name]}
        chosen={valueList(field.name)}
        known={selectOptions[field.name] ?? []}
        onChanged={onChanged}
      />
    ),
    display: (value) => ({ kind: "tags", tags: placeTexts(value) }),
    formValue: (value) => placeTexts(value),
    wideInForm: true,
  },
  phones: {
    input: (field, { errors, phoneList, onChanged }) => (
      <PhonesField
        label={field.label}
        name={field.name}
        hint={field.hint}
        errors={errors}
        defaultPhones={phoneList(field.name)}
        onChanged={onChanged}
      />
    ),
    display: (value) => {
      const phones = phonesOf(value);
      if (!phones.length) return { kind: "empty" };
      return {
        kind: "phones",
        phones: phones.map((p) => ({
          display: `${formatPhoneBR(p.numero)}${p.rotulo ? ` (${p.rotulo})` : ""}`,
          telHref: `tel:+55${p.numero}`,
          whatsappHref: p.whatsapp ? whatsappHref(p.numero) : null,
        })),
      };
    },
    formValue: (value) =>
      phonesOf(value).map((p) => ({ numero: formatPhoneBR(p.numero), whatsapp: p.whatsapp === true, rotulo: p.rotulo ?? "" })),
    wideInForm: true,
    wideInDetail: true,
  },
  // R$ typed with a mask; stored in centavos and typed in reais: "R$ 1.234,56" (what the money mask shows).
  money: {
    input: (field, { common, text }) => (
      <Field
        {...common}
        inputMode="decimal"
        placeholder="R$ 0,00"
        className="tabular-nums"
        hint={field.hint}
        defaultValue={text(field.name)}
        onInput={(e) => onMoneyInput(e)}
        onBlur={(e) => completeMoneyInput(e.currentTarget)}
      />
    ),
    display: (value) => (typeof value === "number" ? { kind: "text", text: formatBRL(value), numeric: true } : plainText(value)),
    formValue: (value) => (typeof value === "number" ? formatBRL(value) : isBlank(value) ? "" : String(value)),
    numeric: true,
  },
  // "2,5": a decimal comma, no grouping (what the number mask keeps).
  number: {
    input: (field, { common, text }) => {
      const decimals = decimalsOfStep(field.step);
      return (
        <Field
          {...common}
          inputMode={decimals > 0 ? "decimal" : "numeric"}
          hint={field.hint}
          defaultValue={text(field.name)}
          onInput={(e) => {
            e.currentTarget.value = maskDecimalInput(e.currentTarget.value, decimals);
          }}
        />
      );
    },
    display: (value) => (typeof value === "number" ? { kind: "text", text: formatNumber(value), numeric: true } : plainText(value)),
    formValue: (value) =>
      typeof value === "number"
        ? formatNumber(value, { maximumFractionDigits: 6, useGrouping: false })
        : isBlank(value)
          ? ""
          : String(value),
    numeric: true,
  },
  barcode: {
    input: (field, { common, text }) => (
      <Field
        {...common}
        inputMode="numeric"
        maxLength={BARCODE_MAX}
        mask={digitsOnly}
        placeholder="7891234567895"
        hint={field.hint}
        defaultValue={text(field.name)}
      />
    ),
    display: numericText,
  },
  relation: {
    input: (field, { errors, text, relations, relationCreate, onPick }) => {
      const options = relations[field.name] ?? [];
      const id = text(field.name);
      const selected = id ? (options.find((o) => o.id === id) ?? { id, title: "Registro atual" }) : null;
      return (
        <RelationField
          label={field.label}
          name={field.name}
          relation={field.relation ?? ""}
          hint={field.hint}
          error={errors[field.name]}
          required={field.required}
          selected={selected}
          options={options}
          create={relationCreate[field.name]}
          onPick={(form) => onPick(form, field.name)}
        />
      );
    },
    // A link to the related record's page, named by the row; blank once that record is gone.
    display: (value, field, row, { recordHref }) => {
      const title = relationTitle(field, row);
      if (!title) return { kind: "empty" };
      const href = field.relation ? recordHref(field.relation, String(value)) : null;
      return href ? { kind: "link", text: title, href } : { kind: "text", text: title };
    },
  },
  // The lines as one JSON text (a hidden input); the catalogue to add from is the page's `selectOptions`.
  lines: {
    input: (field, { errors, text, selectOptions, onChanged }) => (
      // Until the editor's code arrives the lines travel as they are (a submit keeps them).
      <Suspense
        fallback={
          <p className="text-sm text-fg-soft">
            {field.label}: carregando… <input type="hidden" name={field.name} defaultValue={text(field.name)} />
          </p>
        }
      >
        <LinesField
          name={field.name}
          label={field.label}
          hint={field.hint}
          initial={text(field.name)}
          catalogue={selectOptions[field.name] ?? []}
          errors={errors}
          onChanged={onChanged}
        />
      </Suspense>
    ),
    display: (value) => {
      const lines = Array.isArray(value) ? (value as { descricao?: unknown; quantidade?: unknown }[]) : [];
      return {
        kind: "text",
        text: lines
          .map((l) => `${formatNumber(Number(l.quantidade ?? 0), { maximumFractionDigits: 3 })} × ${String(l.descricao ?? "")}`)
          .join("\n"),
        multiline: true,
      };
    },
    formValue: (value) =>
      Array.isArray(value)
        ? linesFormValue(
            value as Parameters<typeof linesFormValue>[0],
            (c) => formatBRL(c),
            (q) => formatNumber(q, { maximumFractionDigits: 3, useGrouping: false }),
          )
        : isBlank(value)
          ? ""
          : String(value),
    wideInForm: true,
    wideInDetail: true,
  },
};

/** How one field of a record reads on the record page. */
export function displayValue(field: FieldDef, row: Record<string, unknown>, at: DisplayContext): DetailValue {
  const entry = FIELD_KINDS[field.kind];
  const value = row[field.name];
  if (!entry.displaysBlank && isBlank(value)) return { kind: "empty" };
  return entry.display(value, field, row, at);
}

/** What a field's input starts with for a stored value (editing). */
export function formValueOf(field: FieldDef, value: unknown, zone: string): FormValue {
  const entry = FIELD_KINDS[field.kind];
  return entry.formValue ? entry.formValue(value, zone) : isBlank(value) ? "" : String(value);
}
