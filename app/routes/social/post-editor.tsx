import type { Route } from "./+types/post-editor";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { PostEditor } from "../../components/social/post-editor.tsx";
import { titleMeta } from "../../lib/title.ts";
import { postEditorAction, postEditorLoader } from "../../server/social/posts.server.ts";

/**
 * A post's editor, new (`/posts/create`, `?imovel=<id>` from an imóvel's "Criar post") and edited
 * (`/posts/:id/edit`): its own module for the accounts, the live counter, photos and previews.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Post");

export async function loader(args: Route.LoaderArgs) {
  return postEditorLoader(args, args.params.id);
}

export async function action(args: Route.ActionArgs) {
  return postEditorAction(args, args.params.id);
}

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  // An unknown intent (a tampered form) answers `{ error }`: the form shows it as its own error.
  const failure =
    actionData && "errors" in actionData ? actionData : actionData ? { errors: { _form: actionData.error }, values: {} } : undefined;
  return <PostEditor view={loaderData} failure={failure} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
