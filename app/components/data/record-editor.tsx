import type { FieldDef, FilterOption } from "../../../shared/resources/types.ts";
import { PageHeader } from "../ui/card.tsx";
import { type FormFailure, type FormValues, ResourceForm } from "./resource-form.tsx";
import type { RelationCreateLink, RelationOption } from "./types.ts";
import { loadResourceSchema } from "./schema-loader.ts";

/** What the editor shows, all from the loader (app/server/screens.server.ts builds the texts from the definition). */
export interface EditorData {
  /** The definition's name: its schema loads lazily by it (this chunk carries no zod, ADR 013). */
  resource: string;
  title: string;
  description: string;
  formId: string;
  submitLabel: string;
  cancelHref: string;
  basePath: string;
  singular: string;
  fields: readonly FieldDef[];
  values: FormValues;
  relations?: Record<string, readonly RelationOption[]>;
  selectOptions?: Record<string, readonly FilterOption[]>;
  /** "Cadastrar novo …" under a relation picker, by field name (the related form returns here with it chosen). */
  relationCreate?: Record<string, RelationCreateLink>;
}

/** The one form screen for creating and editing any record: the header, then the shared form. */
export function RecordEditor({ editor, failure }: { editor: EditorData; failure?: FormFailure | undefined }) {
  const { resource } = editor;
  return (
    <>
      <PageHeader title={editor.title} description={editor.description} />
      <ResourceForm
        id={editor.formId}
        fields={editor.fields}
        loadSchema={() => loadResourceSchema(resource)}
        values={editor.values}
        failure={failure}
        submitLabel={editor.submitLabel}
        cancelHref={editor.cancelHref}
        basePath={editor.basePath}
        singular={editor.singular}
        relations={editor.relations}
        selectOptions={editor.selectOptions}
        relationCreate={editor.relationCreate}
      />
    </>
  );
}
