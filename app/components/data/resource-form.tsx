import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { invokeFunction } from "../../lib/functions.ts";
import type { FieldDef, FilterOption } from "../../../shared/resources/types.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { FormError, useFormValidation } from "../ui/form.tsx";
import { type PhoneValue, ReadOnlyField } from "./form-fields.tsx";
import { LeaveDialog, useUnsavedChanges } from "./unsaved-changes.tsx";
import { FIELD_KINDS, type InputContext } from "./field-kinds.tsx";
import type { RelationCreateLink, RelationOption } from "./types.ts";

/** Initial values of the form, as the inputs show them (see `formValuesFromRow`). */
export type FormValues = Record<string, string | boolean | string[] | PhoneValue[]>;

/** What the action answered when it did not save (`saveAction`). */
export interface FormFailure {
  errors?: Record<string, string> | undefined;
  values: Record<string, string | string[]>;
  duplicates?: { id: string; title: string; reason: string }[] | undefined;
}

const ADDRESS_KEYS = ["rua", "bairro", "cidade", "uf"] as const;
type Address = Partial<Record<(typeof ADDRESS_KEYS)[number], string | null>>;
/** consultar-cep's answer: the address, null for an unknown CEP, or ViaCEP unreachable now. */
type CepAnswer = Address | { indisponivel: true } | null;
const CEP_UNKNOWN = "Não encontramos este CEP. Preencha o endereço à mão.";
const CEP_UNAVAILABLE = "Não foi possível consultar o CEP agora.";

function first(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/** Phone rows echoed back by a failed submit (`telefones.0.numero`…). */
function echoedPhones(name: string, values: Record<string, string | string[]>): PhoneValue[] {
  const rows: PhoneValue[] = [];
  for (let i = 0; i < 20; i++) {
    const prefix = `${name}.${i}`;
    if (!(`${prefix}.numero` in values)) continue;
    const numero = first(values[`${prefix}.numero`]);
    if (!numero.trim()) continue;
    rows.push({ numero, whatsapp: `${prefix}.whatsapp` in values, rotulo: first(values[`${prefix}.rotulo`]) });
  }
  return rows;
}

/** Hides fields whose `showWhen` is not met — in CSS (`:has`), so it works before and without JavaScript. */
function showWhenCss(formId: string, fields: readonly FieldDef[]): string {
  return fields
    .filter((f) => f.showWhen)
    .map((f) => {
      const { field, values } = f.showWhen as NonNullable<FieldDef["showWhen"]>;
      const esc = (s: string) => s.replace(/["\\]/g, "\\$&");
      const notChosen = values
        .map(
          (v) =>
            `:not(:has([name="${esc(field)}"] option[value="${esc(v)}"]:checked, input[name="${esc(field)}"][value="${esc(v)}"]:checked))`,
        )
        .join("");
      return `#${formId}${notChosen} [data-field="${esc(f.name)}"]{display:none}`;
    })
    .join("\n");
}

const REASONS: Record<string, string> = {
  documento: "mesmo CPF/CNPJ",
  "e-mail": "mesmo e-mail",
  telefone: "mesmo telefone",
};

function DuplicateWarning({
  duplicates,
  basePath,
  singular,
}: {
  duplicates: NonNullable<FormFailure["duplicates"]>;
  basePath: string;
  singular: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="space-y-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm focus:outline-none"
    >
      <p className="font-semibold">
        {duplicates.length === 1 ? `Já existe um ${singular} parecido:` : `Já existem ${duplicates.length} registros parecidos:`}
      </p>
      <ul className="space-y-1">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`${basePath}/${d.id}`} target="_blank" rel="noopener" className="font-semibold text-accent underline">
              {d.title}
            </Link>{" "}
            <span className="text-fg-soft">— {REASONS[d.reason] ?? d.reason}</span>
          </li>
        ))}
      </ul>
      <p>Confira antes de salvar para não cadastrar a mesma pessoa duas vezes.</p>
      <Button type="submit" name="confirmarDuplicado" value="1" variant="secondary">
        Salvar mesmo assim
      </Button>
    </div>
  );
}

export interface ResourceFormProps {
  id: string;
  fields: readonly FieldDef[];
  /**
   * Imports the definition's schema (`loadResourceSchema(name)`, schema-loader.ts).
   * Never the schema itself: zod would ship in the form's chunk (≈28 kB gzip of the 150 kB budget).
   * The fields come from the loader as plain data for the same reason.
   */
  loadSchema: () => Promise<z.ZodType>;
  values: FormValues;
  failure?: FormFailure | undefined;
  submitLabel: string;
  cancelHref: string;
  basePath: string;
  singular: string;
  /** Options loaded by the route for selects the definition leaves open (e.g. the client's company). */
  selectOptions?: Record<string, readonly FilterOption[]>;
  /**
   * `relation` fields: the records offered before anything is typed (and the `<select>` without
   * JavaScript), by field name, the chosen one included (`formLoader` reads it in the same round
   * trip); more are searched through `/api/<relation>/options?q=`.
   */
  relations?: Record<string, readonly RelationOption[]>;
  /** "Cadastrar novo …" under a relation picker, by field name. */
  relationCreate?: Record<string, RelationCreateLink> | undefined;
  /** Ask "Sair sem salvar?" before leaving with changes (default). Off for forms that save as you type. */
  warnOnLeave?: boolean;
}

/**
 * The shared create/edit form: the definition's fields by section, masks, the same zod schema
 * on blur/change as the action runs (imported lazily, see `SchemaSource`), server errors on
 * their field, CEP autofill, a duplicate warning with "Salvar mesmo assim", and a warning
 * before leaving with unsaved changes.
 */
export function ResourceForm({
  id,
  fields,
  loadSchema,
  values,
  failure,
  submitLabel,
  cancelHref,
  basePath,
  singular,
  selectOptions = {},
  relations = {},
  relationCreate = {},
  warnOnLeave = true,
}: ResourceFormProps) {
  const navigation = useNavigation();
  const { errors, validateField, formProps } = useFormValidation(loadSchema, failure?.errors);
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  const lastCep = useRef("");
  const autofilled = useRef<Address>({});
  const [cepStatus, setCepStatus] = useState("");
  const blocker = useUnsavedChanges(dirty && warnOnLeave, submitting);
  const saving = navigation.state === "submitting";
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const echo = failure?.values;
  const text = (name: string): string => {
    if (echo) return first(echo[name]);
    const v = values[name];
    return typeof v === "string" ? v : "";
  };
  const checked = (name: string): boolean => (echo ? name in echo : values[name] === true);
  const tagList = (name: string): string[] => {
    if (echo) {
      return first(echo[name])
        .split(/[,;]/)
        .map((t) => t.trim())
        .filter(Boolean);
    }
    const v = values[name];
    return Array.isArray(v) ? (v as string[]) : [];
  };
  const valueList = (name: string): string[] => {
    const v = echo ? echo[name] : values[name];
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string" && x !== "");
    return typeof v === "string" && v ? [v] : [];
  };
  const phoneList = (name: string): PhoneValue[] => {
    if (echo) return echoedPhones(name, echo);
    const v = values[name];
    return Array.isArray(v) ? (v as PhoneValue[]) : [];
  };

  const lookupCep = async (form: HTMLFormElement, masked: string) => {
    const digits = masked.replace(/\D/g, "");
    if (digits.length !== 8 || digits === lastCep.current) return;
    lastCep.current = digits;
    setCepStatus("Buscando endereço…");
    try {
      const res = await invokeFunction<{ data?: CepAnswer } | CepAnswer>("consultar-cep", { cep: digits });
      const body = res.data;
      const answer = (body && typeof body === "object" && "data" in body ? body.data : body) as CepAnswer | undefined;
      if (lastCep.current !== digits) return;
      if (!answer || "indisponivel" in answer) {
        setCepStatus(answer ? CEP_UNAVAILABLE : CEP_UNKNOWN);
        return;
      }
      const address = answer;
      let filled = 0;
      for (const key of ADDRESS_KEYS) {
        const value = address[key];
        const el = form.elements.namedItem(key);
        if (!value || !(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) continue;
        // Never overwrite what the person typed; do replace what an earlier CEP filled in.
        if (el.value.trim() === "" || el.value === autofilled.current[key]) {
          el.value = value;
          autofilled.current[key] = value;
          filled++;
        }
      }
      setCepStatus(filled ? "Endereço preenchido pelo CEP. Confira e complete o número." : "");
      if (filled) setDirty(true);
    } catch {
      // Offline or refused (too many lookups): the person types the address, told why it stayed empty.
      if (lastCep.current === digits) setCepStatus(CEP_UNAVAILABLE);
    }
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    setDirty(true);
    formProps.onChange(event);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) submitting.current = true;
  };

  const sections: { title: string; fields: FieldDef[] }[] = [];
  for (const field of fields) {
    let section = sections.find((s) => s.title === field.section);
    if (!section) {
      section = { title: field.section, fields: [] };
      sections.push(section);
    }
    section.fields.push(field);
  }
  const css = showWhenCss(id, fields);

  // Each kind's input comes from its entry in the field-kinds table.
  const inputs: InputContext = {
    common: { label: "", name: "", required: undefined, error: undefined, autoComplete: "off" },
    errors,
    text,
    checked,
    tagList,
    valueList,
    phoneList,
    selectOptions,
    relations,
    relationCreate,
    onChanged: () => setDirty(true),
    onPick: (form, name) => {
      setDirty(true);
      if (form) validateField(form, name);
    },
    cep: { status: cepStatus, lookup: (form, masked) => void lookupCep(form, masked) },
  };
  const renderField = (field: FieldDef) => {
    if (field.readOnly) {
      return (
        <ReadOnlyField
          label={field.label}
          name={field.name}
          value={text(field.name)}
          hint={field.hint}
          numeric={FIELD_KINDS[field.kind].numeric === true}
        />
      );
    }
    const common = {
      label: field.label,
      name: field.name,
      required: field.required,
      error: errors[field.name],
      autoComplete: field.autoComplete ?? "off",
    };
    return FIELD_KINDS[field.kind].input(field, { ...inputs, common });
  };

  return (
    <>
      <Form
        id={id}
        method="post"
        className="space-y-6"
        onFocus={formProps.onFocus}
        onBlur={formProps.onBlur}
        onChange={onChange}
        onSubmit={onSubmit}
        noValidate
      >
        {css ? <style>{css}</style> : null}
        <FormError errors={errors} />
        {failure?.duplicates?.length ? <DuplicateWarning duplicates={failure.duplicates} basePath={basePath} singular={singular} /> : null}
        {sections.map((section) => (
          <Card key={section.title} title={section.title}>
            <div className="grid gap-4 sm:grid-cols-2">
              {section.fields.map((field) => {
                const wide = FIELD_KINDS[field.kind].wideInForm === true || field.name === "nome";
                return (
                  <div key={field.name} data-field={field.name} className={wide ? "sm:col-span-2" : ""}>
                    {renderField(field)}
                  </div>
                );
              })}
            </div>
          </Card>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={saving}>
            {submitLabel}
          </Button>
          <Link to={cancelHref} className={buttonClass("ghost")}>
            Cancelar
          </Link>
        </div>
      </Form>
      {blocker.state === "blocked" ? <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null}
    </>
  );
}
