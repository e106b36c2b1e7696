import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import { Link } from 'wouter';
import { PageContainer } from './page-container';

export function SiteFooter({ companyName }: { companyName: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-primary text-primary-foreground">
      <PageContainer className="flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-lg font-semibold">{companyName}</p>
          <p className="text-white/80">
            © {year} {companyName}. All rights reserved.
          </p>
        </div>
        <Link
          href="/admin"
          className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md px-3 font-medium text-white/90 underline-offset-4 hover:bg-white/10 hover:underline max-sm:-mx-3"
        >
          <LockKeyhole aria-hidden="true" className="size-4" />
          Admin Access
        </Link>
      </PageContainer>
    </footer>
  );
}
