import type { Route } from "./+types/generate-post";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { GeneratePost } from "../../components/social/generate/generate-post.tsx";
import { titleMeta } from "../../lib/title.ts";
import { generatePostAction, generatePostLoader } from "../../server/social/generate-post.server.ts";

/**
 * /gerar-postagem "Gerar Postagem" (issue 20, ADR 056): from an imóvel, produto or serviço
 * (`?imovel=`, `?produto=`, `?servico=`: shared/social/post-origins.ts; or a search) to a caption generated from its facts, the art, the previews and the
 * post — saved, sent for approval, scheduled or published by the post editor's action.
 */
export const meta: Route.MetaFunction = () => titleMeta("Gerar Postagem");

export async function loader(args: Route.LoaderArgs) {
  return generatePostLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return generatePostAction(args);
}

export default function GeneratePostPage({ loaderData }: Route.ComponentProps) {
  // Keyed by the record: choosing another starts the flow again.
  return <GeneratePost key={loaderData.chosen ? `${loaderData.chosen.tipo}-${loaderData.chosen.id}` : "busca"} view={loaderData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
