import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { GENERATION_GOAL, GENERATION_TONE } from "../../../shared/ai/generation-options.ts";
import { SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { SelectField } from "../ui/form.tsx";
import { callApi } from "./api.ts";
import { CopyButton } from "./copy-button.tsx";
import { GenerationStatus } from "./generation-status.tsx";
import { isRunning, useGeneration } from "./use-generation.ts";

/** Instagram's cap on hashtags in a caption (shared/social/caption-rules.ts). */
const MAX_TAGS = 30;

/** A caption with the generation's hashtags, as a draft starts. */
export function captionWithTags(legenda: string, hashtags: readonly string[]): string {
  const tags = hashtags.slice(0, MAX_TAGS).join(" ");
  return tags ? `${legenda}\n\n${tags}` : legenda;
}

/** "Criar rascunho": the caption becomes a draft through the posts' own API (the one way to make a post). */
function DraftButton({ legenda, n }: { legenda: string; n: number }) {
  const [state, setState] = useState<{ busy: boolean; id?: string; error?: string }>({ busy: false });
  const create = async () => {
    setState({ busy: true });
    const answer = await callApi<{ id: string }>("/api/posts", { json: { legenda, contas: [], midias: [], textosAlternativos: [] } });
    setState(answer.ok ? { busy: false, id: answer.data.id } : { busy: false, error: answer.message });
  };
  return (
    <span className="flex flex-wrap items-center gap-2" aria-live="polite">
      {state.id ? (
        <Link className="btn btn-secondary" to={`/posts/${state.id}/edit`}>
          Rascunho criado: abrir
        </Link>
      ) : (
        <Button
          type="button"
          variant="secondary"
          busy={state.busy}
          onClick={() => void create()}
          aria-label={`Criar rascunho com a legenda ${n}`}
        >
          {state.busy ? "Criando…" : "Criar rascunho"}
        </Button>
      )}
      {state.error ? <span className="text-sm text-danger">{state.error}</span> : null}
    </span>
  );
}

function FreeResult({ generation }: { generation: Generation }) {
  const result = generation.resultado;
  if (generation.status !== "pronta" || result?.tipo !== "livre") return null;
  const tags = result.hashtags.slice(0, MAX_TAGS);
  return (
    <div className="space-y-5" data-testid="ai-free-result">
      <section aria-labelledby="legendas-title" className="space-y-3">
        <h3 id="legendas-title" className="font-semibold">
          Legendas
        </h3>
        <ol className="space-y-3">
          {result.legendas.map((legenda, i) => (
            <li key={legenda} className="space-y-2 rounded-lg border border-line p-3">
              <p className="whitespace-pre-wrap break-words text-sm">{legenda}</p>
              <div className="flex flex-wrap gap-2">
                <CopyButton text={captionWithTags(legenda, tags)} what={`legenda ${i + 1}`} />
                <DraftButton legenda={captionWithTags(legenda, tags)} n={i + 1} />
              </div>
            </li>
          ))}
        </ol>
      </section>
      {tags.length ? (
        <section aria-labelledby="hashtags-title" className="space-y-2">
          <h3 id="hashtags-title" className="font-semibold">
            Hashtags
          </h3>
          <p className="break-words text-sm text-accent">{tags.join(" ")}</p>
          <CopyButton text={tags.join(" ")} what="hashtags" label="Copiar hashtags" />
        </section>
      ) : null}
      {result.ideias.length ? (
        <section aria-labelledby="ideias-title" className="space-y-2">
          <h3 id="ideias-title" className="font-semibold">
            Ideias de post
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {result.ideias.map((idea) => (
              <li key={idea.titulo}>
                <strong>{idea.titulo}</strong> — {idea.descricao}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

const options = (e: { options: readonly { value: string; label: string }[] }) => e.options;

/** Free generation from a topic: goal, tone and network → captions, hashtags and ideas, streamed in. */
export function FreeGenerator({ initial }: { initial: Generation | null }) {
  const state = useGeneration(initial);
  const { generation } = state;
  const running = isRunning(generation) || state.starting;
  const defaults = (generation?.pedido ?? {}) as Record<string, string | undefined>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void state.start({
      tipo: "livre",
      tema: String(form.get("tema") ?? "").trim(),
      objetivo: String(form.get("objetivo")) as never,
      tom: String(form.get("tom")) as never,
      rede: String(form.get("rede")) as never,
    });
  };
  return (
    <Card title="Conteúdo livre">
      <form className="space-y-4" onSubmit={submit} aria-label="Gerar conteúdo a partir de um tema">
        <div className="space-y-1.5">
          <label htmlFor="ai-tema" className="block text-sm font-medium">
            Tema
          </label>
          <textarea
            id="ai-tema"
            name="tema"
            required
            minLength={3}
            maxLength={500}
            rows={3}
            defaultValue={defaults.tema ?? ""}
            placeholder="Ex.: dicas para quem vai comprar o primeiro imóvel"
            className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="Objetivo" name="objetivo" options={options(GENERATION_GOAL)} defaultValue={defaults.objetivo ?? "engajar"} />
          <SelectField label="Tom" name="tom" options={options(GENERATION_TONE)} defaultValue={defaults.tom ?? "acolhedor"} />
          <SelectField label="Rede" name="rede" options={options(SOCIAL_NETWORK)} defaultValue={defaults.rede ?? "instagram"} />
        </div>
        <Button type="submit" busy={running}>
          {running ? "Gerando…" : "Gerar conteúdo"}
        </Button>
      </form>
      <div className="mt-5 space-y-5">
        <GenerationStatus
          generation={generation}
          text={state.text}
          error={state.error}
          onCancel={() => void state.cancel()}
          label="Conteúdo"
        />
        {generation ? <FreeResult generation={generation} /> : null}
      </div>
    </Card>
  );
}
