import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/feed";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { FeedGrid } from "../../components/social/feed-grid.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { swapAction } from "../../server/social/calendar.server.ts";
import { type FeedData, feedLoader } from "../../server/social/feed.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Feed");

export function loader(args: Route.LoaderArgs) {
  return feedLoader(args);
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone() as unknown as Request);
  if (form.get("intent") === "trocar") return swapAction(args, form);
  return unknownIntent();
}

const livePosts = (event: { type: string; resource?: string }) =>
  event.type === "post.status" || (event.type === "record.changed" && event.resource === "posts");

export default function Feed({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(livePosts);
  const data = loaderData;
  const account = data.accounts.find((a) => a.id === data.accountId);
  return (
    <>
      <PageHeader
        title="Feed"
        description="O grid do Instagram como vai ficar: o que já saiu e o que está agendado, do mais novo ao mais antigo."
        actions={
          <Link to={`${data.detailPath}/create`} className={buttonClass("primary")}>
            Novo post
          </Link>
        }
      />
      {data.accounts.length > 1 ? <AccountPicker data={data} /> : null}
      {account ? (
        <p className="mb-3 text-sm">
          <span className="font-semibold">{account.usuario ? `@${account.usuario.replace(/^@/, "")}` : account.nome}</span>
          <span className="text-fg-soft"> · {account.nome}</span>
        </p>
      ) : null}
      {!account ? (
        <div className="rounded-lg border border-dashed border-line p-4 text-sm">
          <p className="font-semibold">Nenhuma conta do Instagram conectada.</p>
          <p className="mt-1 text-fg-soft">
            {data.canConnect
              ? "Conecte uma conta profissional do Instagram para ver aqui o grid com os posts publicados e os agendados."
              : "Peça ao dono ou a um administrador para conectar a conta profissional do Instagram: o grid aparece aqui."}
          </p>
          {data.canConnect ? (
            <p className="mt-3">
              <Link to="/social-connect-simple" className={buttonClass("primary")}>
                Conectar Redes
              </Link>
            </p>
          ) : null}
        </div>
      ) : data.tiles.length === 0 ? (
        <Empty
          title="Nada publicado nem agendado nesta conta ainda."
          text="Crie um post para o Instagram, a partir de um imóvel ou do zero, e agende: ele aparece aqui no lugar em que vai ficar."
          data={data}
        />
      ) : (
        <FeedGrid data={data} />
      )}
    </>
  );
}

/** Which Instagram account's grid (in the URL). */
function AccountPicker({ data }: { data: FeedData }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="mb-3" onChange={(event) => submit(event.currentTarget, { replace: true })}>
      <label className="flex max-w-sm flex-col text-xs font-semibold">
        Conta do Instagram
        <select
          name="conta"
          defaultValue={data.accountId ?? ""}
          className="mt-1 rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
        >
          {data.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.nome}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className={buttonClass("secondary", "mt-2")}>
          Ver
        </button>
      </noscript>
    </Form>
  );
}

function Empty({ title, text, data }: { title: string; text: string; data: FeedData }) {
  return (
    <div className="rounded-lg border border-dashed border-line p-4 text-sm">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-fg-soft">{text}</p>
      <p className="mt-3">
        <Link to={`${data.detailPath}/create`} className={buttonClass("primary")}>
          Criar um post
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
