import { useDocumentTitle } from '../use-document-title';
import { PageHeader } from './page-header';

/** An admin page whose feature is not built yet: says so plainly rather than pretending. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return <PageHeader title={title} description="This page is coming in a later release." />;
}
