import { Form, Link, useNavigation } from "react-router";
import { formatNumber } from "../../../shared/format.ts";
import type { FieldDef } from "../../../shared/resources/types.ts";
import { Alert } from "../ui/alert.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card, PageHeader } from "../ui/card.tsx";

interface PreviewRow {
  line: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Duplicates and company notes of a valid row. */
  warnings: { kind: "duplicate" | "reference"; field: string; message: string }[];
  status: "valid" | "duplicate" | "invalid";
  /** The records reference columns (a client's "Empresa", a movement's "Produto") were linked to. */
  links?: Record<string, { id: string; name: string }> | undefined;
}

export interface ImportPageData {
  fileName?: string | undefined;
  csv?: string | undefined;
  preview?:
    | {
        rows: PreviewRow[];
        total: number;
        valid: number;
        duplicates: number;
        invalid: number;
        columns: { header: string; field: string | null }[];
      }
    | undefined;
  /** The duplicate option last chosen ("pular" by default). */
  duplicadas?: "pular" | "importar" | undefined;
  error?: string | undefined;
}

function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** Warning colour (amber), readable on the surface in light and dark themes. */
const WARN_TEXT = "text-[color:light-dark(#8a4b00,#ffd28a)]";
const WARN_BG = "bg-[color:light-dark(#fff6e5,#2e2410)]";

/** A word that says what a row's colour says, so colour is never the only cue. */
function StatusBadge({ tone, children }: { tone: "error" | "warn" | "ok"; children: string }) {
  const cls = tone === "error" ? "border-danger/40 text-danger" : tone === "warn" ? `border-current ${WARN_TEXT}` : "border-ok/40 text-ok";
  return <span className={`inline-block rounded border px-1.5 py-px text-xs font-semibold whitespace-nowrap ${cls}`}>{children}</span>;
}

/**
 * CSV import: upload → preview with each row's pt-BR errors and warnings (duplicates of live
 * records or of earlier rows, a company not found) → the choice for duplicates (skip, the
 * default, or import anyway) → "Importar tudo" (only when the file has no errors) or "Importar só
 * as válidas". Plain forms: works without JavaScript.
 */
export function ImportPage({
  title,
  basePath,
  listTitle,
  fields,
  result,
}: {
  title: string;
  basePath: string;
  listTitle: string;
  fields: readonly { name: string; label: string; required?: boolean | undefined }[] | readonly FieldDef[];
  result: ImportPageData | undefined;
}) {
  const navigation = useNavigation();
  const busy = (intent: string, mode?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!mode || navigation.formData?.get("modo") === mode);
  const preview = result?.preview;
  // Columns the import reads that are not form fields (clients' "Empresa") keep the file's header.
  const labelOf = (name: string) =>
    fields.find((f) => f.name === name)?.label ?? preview?.columns.find((c) => c.field === name)?.header ?? name;
  const importable = preview ? preview.valid + preview.duplicates : 0;
  const keepDuplicates = result?.duplicadas === "importar";
  const shownFields = preview ? preview.columns.filter((c) => c.field).map((c) => c.field as string) : [];
  const ignored = preview ? preview.columns.filter((c) => !c.field && c.header.trim()).map((c) => c.header) : [];

  return (
    <>
      <PageHeader
        title={title}
        description="Traga seus cadastros de uma planilha. Nada é salvo antes de você conferir a prévia."
        actions={
          <Link to={basePath} className={buttonClass("ghost")}>
            Voltar para {listTitle}
          </Link>
        }
      />
      <div className="space-y-6">
        {result?.error ? <Alert tone="error">{result.error}</Alert> : null}
        <Card title="1. Escolha o arquivo">
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="previa" />
            <div className="space-y-1.5">
              <label htmlFor="arquivo-csv" className="block text-sm font-medium">
                Arquivo CSV
              </label>
              <input
                id="arquivo-csv"
                name="arquivo"
                type="file"
                accept=".csv,text/csv"
                required
                aria-describedby="arquivo-csv-dica"
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold hover:file:bg-muted"
              />
              <p id="arquivo-csv-dica" className="text-xs text-fg-soft">
                Separado por ponto e vírgula (como o Excel salva) ou por vírgula, até 5 MB. A primeira linha traz os nomes das colunas — os
                mesmos da exportação servem.
              </p>
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold text-accent">Colunas reconhecidas</summary>
              <ul className="mt-2 grid gap-1 text-fg-soft sm:grid-cols-3">
                {fields.map((f) => (
                  <li key={f.name}>
                    {f.label}
                    {f.required ? <span className="text-danger"> (obrigatória)</span> : null}
                  </li>
                ))}
              </ul>
            </details>
            <Button type="submit" variant={preview ? "secondary" : "primary"} busy={busy("previa")}>
              Ver prévia
            </Button>
          </Form>
        </Card>

        {preview && result?.csv !== undefined ? (
          <Card title={`2. Confira a prévia${result.fileName ? ` de ${result.fileName}` : ""}`}>
            <div className="space-y-4">
              <p className="text-sm" role="status">
                {plural(preview.total, "linha", "linhas")}:{" "}
                {[
                  <strong key="v" className="text-ok">
                    {plural(preview.valid, "válida", "válidas")}
                  </strong>,
                  preview.duplicates > 0 ? (
                    <strong key="d" className={WARN_TEXT}>
                      {plural(preview.duplicates, "duplicada", "duplicadas")}
                    </strong>
                  ) : null,
                  preview.invalid > 0 ? (
                    <strong key="e" className="text-danger">
                      {plural(preview.invalid, "com erro", "com erros")}
                    </strong>
                  ) : null,
                ]
                  .filter(Boolean)
                  .flatMap((part, i, all) => (i === 0 ? [part] : [i === all.length - 1 ? " e " : ", ", part]))}
                .
              </p>
              {ignored.length ? <p className="text-xs text-fg-soft">Colunas ignoradas (não reconhecidas): {ignored.join(", ")}.</p> : null}
              <div className="max-h-[28rem] overflow-auto rounded-lg border border-line">
                <table className="w-full text-sm">
                  <caption className="sr-only">Prévia da importação, com os erros e avisos de cada linha</caption>
                  <thead className="sticky top-0 bg-muted text-left text-xs tracking-wide text-fg-soft uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">
                        Linha
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Situação
                      </th>
                      {shownFields.map((f) => (
                        <th key={f} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                          {labelOf(f)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rows.map((row) => {
                      const errors = Object.entries(row.errors);
                      const warned = new Set(row.warnings.map((w) => w.field));
                      const rowClass = row.status === "invalid" ? "bg-danger-soft/60" : row.status === "duplicate" ? WARN_BG : "";
                      return (
                        <tr key={row.line} className={`border-t border-line align-top ${rowClass}`}>
                          <td className="px-3 py-2 text-right tabular-nums">{row.line}</td>
                          <td className="min-w-64 px-3 py-2">
                            {row.status === "invalid" ? (
                              <StatusBadge tone="error">Erro</StatusBadge>
                            ) : row.status === "duplicate" ? (
                              <StatusBadge tone="warn">Duplicada</StatusBadge>
                            ) : (
                              <StatusBadge tone="ok">OK</StatusBadge>
                            )}
                            {errors.length || row.warnings.length ? (
                              <ul className="mt-1 space-y-0.5">
                                {errors.map(([field, message]) => (
                                  <li key={field} className="text-danger">
                                    {message}
                                  </li>
                                ))}
                                {row.warnings.map((w) => (
                                  <li key={`${w.field}:${w.message}`} className={WARN_TEXT}>
                                    <span className="sr-only">Aviso: </span>
                                    {w.message}
                                  </li>
                                ))}
                              </ul>
                            ) : null}
                          </td>
                          {shownFields.map((f) => (
                            <td
                              key={f}
                              className={`max-w-56 truncate px-3 py-2 ${row.errors[f] ? "font-semibold text-danger" : warned.has(f) ? `font-semibold ${WARN_TEXT}` : ""}`}
                            >
                              {row.values[f] ?? ""}
                              {row.links?.[f] ? (
                                <span className="block text-xs font-normal text-fg-soft">Vinculado a {row.links[f].name}</span>
                              ) : null}
                            </td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {preview.rows.length < preview.total ? (
                <p className="text-xs text-fg-soft">
                  Mostrando {formatNumber(preview.rows.length)} de {formatNumber(preview.total)} linhas (as primeiras e as com erro ou
                  aviso).
                </p>
              ) : null}
              <Form method="post" className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="intent" value="importar" />
                <input type="hidden" name="arquivoNome" value={result.fileName ?? ""} />
                <textarea name="csv" value={result.csv} readOnly hidden aria-hidden="true" tabIndex={-1} />
                {preview.duplicates > 0 ? (
                  <fieldset className="mb-2 w-full space-y-1.5 rounded-lg border border-line p-3 text-sm">
                    <legend className="px-1 font-semibold">
                      {plural(preview.duplicates, "linha repete", "linhas repetem")} um cadastro existente ou outra linha da planilha
                    </legend>
                    <label className="flex items-start gap-2">
                      <input type="radio" name="duplicadas" value="pular" defaultChecked={!keepDuplicates} className="mt-0.5" />
                      <span>
                        Pular as duplicadas <span className="text-fg-soft">— importa {plural(preview.valid, "linha", "linhas")}</span>
                      </span>
                    </label>
                    <label className="flex items-start gap-2">
                      <input type="radio" name="duplicadas" value="importar" defaultChecked={keepDuplicates} className="mt-0.5" />
                      <span>
                        Importar mesmo assim <span className="text-fg-soft">— importa {plural(importable, "linha", "linhas")}</span>
                      </span>
                    </label>
                  </fieldset>
                ) : null}
                <Button
                  type="submit"
                  name="modo"
                  value="all"
                  disabled={preview.invalid > 0 || importable === 0}
                  busy={busy("importar", "all")}
                >
                  Importar tudo
                </Button>
                <Button
                  type="submit"
                  name="modo"
                  value="valid-only"
                  variant="secondary"
                  disabled={importable === 0}
                  busy={busy("importar", "valid-only")}
                >
                  Importar só as válidas{preview.invalid > 0 && preview.duplicates === 0 ? ` (${formatNumber(preview.valid)})` : ""}
                </Button>
                {preview.invalid > 0 ? (
                  <p className="w-full text-xs text-fg-soft">
                    “Importar tudo” fica disponível quando o arquivo não tem erros. Corrija a planilha e envie de novo, ou importe só as
                    linhas válidas.
                  </p>
                ) : null}
              </Form>
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}
