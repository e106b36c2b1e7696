import {
  Building2,
  CreditCard,
  FileText,
  LayoutDashboard,
  Loader2,
  LogOut,
  type LucideIcon,
  MessagesSquare,
  ServerCog,
  ShieldCheck,
  Upload,
  Users,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { CallbackWaitingBadge } from '@/features/callback-requests/components/callback-waiting-badge';
import { getPublicConfig } from '@/lib/public-config';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Other paths that show the same page. */
  aliases?: string[];
}

/**
 * Spec section 2: the sidebar's items, in this order; Leaseholders (issue 29), Message Log and
 * System are additions.
 */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/admin', icon: LayoutDashboard, aliases: ['/dashboard'] },
  { label: 'Bulk Upload', href: '/upload', icon: Upload },
  { label: 'Payment Status', href: '/payments', icon: CreditCard },
  { label: 'Leaseholders', href: '/leaseholders', icon: Users },
  { label: 'Templates', href: '/templates', icon: FileText },
  { label: 'Message Log', href: '/messages', icon: MessagesSquare },
  { label: 'System', href: '/system', icon: ServerCog },
];

function isActive(item: NavItem, path: string): boolean {
  return [item.href, ...(item.aliases ?? [])].some(
    (href) => path === href || path.startsWith(`${href}/`),
  );
}

export function Brand() {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Building2 aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="line-clamp-2 text-sm font-semibold leading-tight">
          {getPublicConfig().companyName}
        </span>
        <span className="text-xs text-muted-foreground">Admin</span>
      </span>
    </div>
  );
}

function SignOutButton() {
  const logout = useLogout();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      {logout.isPending ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <LogOut aria-hidden="true" />
      )}
      {logout.isPending ? 'Signing Out...' : 'Sign Out'}
    </Button>
  );
}

/**
 * The sidebar's contents, used as the fixed column on wide screens and inside the menu drawer
 * on phones. onNavigate lets the drawer close once an item is chosen.
 */
export function SidebarPanel({ onNavigate }: { onNavigate?: () => void }) {
  const [path] = useLocation();
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="hidden px-2 pt-2 lg:block">
        <Brand />
      </div>
      <nav aria-label="Admin" className="flex-1">
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => {
            const isCurrent = isActive(item, path);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                    isCurrent
                      ? 'bg-primary-soft text-primary'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {item.label}
                  {item.href === '/admin' ? <CallbackWaitingBadge /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <p className="flex items-center gap-2 px-2 text-xs font-medium text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-accent" />
          Secure admin session
        </p>
        <SignOutButton />
      </div>
    </div>
  );
}
