import { Form, Link, useNavigation } from "react-router";
import { RelationField } from "../data/form-fields.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/form.tsx";

/**
 * The products a service consumes, on the service's page: each line with its quantity (editable),
 * the product's stock now and what it costs per service; then the form that adds one. Plain forms
 * (they work before the page's script loads); the server's answer names what was refused.
 */

export interface ProductLineView {
  produtoId: string;
  nome: string;
  sku: string;
  /** "0,05" as the quantity input shows it. */
  quantidade: string;
  unidade: string;
  /** "12 un", "1,5 L". */
  estoque: string;
  /** Below what one service consumes (or none): the desk's exit would be refused. */
  estoqueBaixo: boolean;
  /** "R$ 2,40". */
  custo: string;
}

export interface ProductFormError {
  error: string;
  field?: string | undefined;
  produtoId?: string | undefined;
}

function QuantityInput({ id, label, value, error }: { id: string; label: string; value: string; error?: string | undefined }) {
  return (
    <Field
      id={id}
      label={label}
      name="quantidade"
      inputMode="decimal"
      autoComplete="off"
      required
      defaultValue={value}
      error={error}
      className="w-28"
    />
  );
}

export function ServiceProductLines({
  lines,
  canEdit,
  failure,
}: {
  lines: readonly ProductLineView[];
  canEdit: boolean;
  failure: ProductFormError | null;
}) {
  const busy = useNavigation().state === "submitting";
  if (!lines.length) {
    return (
      <p className="text-sm text-fg-soft">Nenhum produto consumido. Adicione o que sai do estoque a cada vez que o serviço é realizado.</p>
    );
  }
  return (
    <ul className="divide-y divide-line" aria-label="Produtos consumidos por serviço">
      {lines.map((line) => {
        const error = failure?.produtoId === line.produtoId ? failure.error : undefined;
        return (
          <li key={line.produtoId} className="py-3 first:pt-0">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Link to={`/produtos/${line.produtoId}`} className="min-w-0 break-words font-semibold hover:text-accent hover:underline">
                {line.nome}
              </Link>
              <span className="text-sm tabular-nums" title="Custo dos produtos por serviço">
                {line.custo}
              </span>
            </div>
            <p className="mt-0.5 text-xs text-fg-soft">
              {line.sku} · Em estoque:{" "}
              <span className={line.estoqueBaixo ? "font-semibold text-danger" : "tabular-nums"}>{line.estoque}</span>
            </p>
            {canEdit ? (
              <div className="mt-2 flex flex-wrap items-end gap-2">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="produto" />
                  <input type="hidden" name="linha" value="existente" />
                  <input type="hidden" name="produtoId" value={line.produtoId} />
                  <QuantityInput
                    id={`quantidade-${line.produtoId}`}
                    label={`Quantidade (${line.unidade})`}
                    value={line.quantidade}
                    error={error}
                  />
                  <Button type="submit" variant="secondary" disabled={busy} aria-label={`Salvar a quantidade de ${line.nome}`}>
                    Salvar
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="remover-produto" />
                  <input type="hidden" name="produtoId" value={line.produtoId} />
                  <Button type="submit" variant="ghost" disabled={busy} aria-label={`Remover ${line.nome} do serviço`}>
                    Remover
                  </Button>
                </Form>
              </div>
            ) : (
              <p className="mt-1 text-sm tabular-nums">
                {line.quantidade} {line.unidade} por serviço
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** "Adicionar produto": a product of the organização (searched as typed) and the quantity per service. */
export function AddServiceProduct({
  failure,
  choices,
}: {
  failure: ProductFormError | null;
  /** The first products by name, offered before a search (and the list without JavaScript). */
  choices: readonly { id: string; title: string }[];
}) {
  const busy = useNavigation().state === "submitting";
  const own = failure && !failure.produtoId ? failure : null;
  return (
    <Form method="post" className="mt-4 space-y-3 border-t border-line pt-4">
      <input type="hidden" name="intent" value="produto" />
      <h3 className="text-sm font-semibold">Adicionar produto</h3>
      <RelationField
        label="Produto"
        name="produtoId"
        relation="produtos"
        required
        selected={null}
        options={choices}
        error={own && own.field !== "quantidade" ? own.error : undefined}
      />
      <div className="flex flex-wrap items-end gap-2">
        <QuantityInput
          id="quantidade-novo"
          label="Quantidade por serviço"
          value="1"
          error={own?.field === "quantidade" ? own.error : undefined}
        />
        <Button type="submit" disabled={busy}>
          Adicionar
        </Button>
      </div>
      <p className="text-xs text-fg-soft">Na unidade do produto: 1 un, 0,05 L, 30 g… Sai do estoque quando o atendimento é finalizado.</p>
    </Form>
  );
}
