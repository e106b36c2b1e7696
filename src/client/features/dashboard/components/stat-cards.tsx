import { CalendarCheck, Info, Link2, PoundSterling, TrendingUp } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type DashboardStats, STAT_DEFINITIONS } from '../../../../shared/dashboard';
import { formatPence } from '../../../../shared/money';
import { useDashboardStats } from '../api/get-dashboard-stats';

const CARDS = [
  {
    key: 'totalOutstanding',
    title: 'Total Outstanding',
    caption: 'across all properties',
    icon: PoundSterling,
    value: (stats: DashboardStats) => formatPence(Math.round(stats.totalOutstanding * 100)),
  },
  {
    key: 'activeLinks',
    title: 'Active Links',
    caption: 'payment links sent',
    icon: Link2,
    value: (stats: DashboardStats) => stats.activeLinks.toLocaleString('en-GB'),
  },
  {
    key: 'paymentsToday',
    title: 'Payments Today',
    caption: 'received today',
    icon: CalendarCheck,
    value: (stats: DashboardStats) => formatPence(Math.round(stats.paymentsToday * 100)),
  },
  {
    key: 'successRate',
    title: 'Success Rate',
    caption: 'last 30 days',
    icon: TrendingUp,
    // With no paid or lapsed link in 30 days a rate of 0% would be false: there is no rate yet.
    value: (stats: DashboardStats) =>
      stats.successRateOutcomes === 0 ? '—' : `${stats.successRate.toLocaleString('en-GB')}%`,
    emptyCaption: (stats: DashboardStats) =>
      stats.successRateOutcomes === 0 ? 'no paid or lapsed links in the last 30 days' : null,
  },
] as const;

/** Spec section 2: the four figures, each with its definition one tap or hover away. */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map((card) => {
        const Icon = card.icon;
        const definition = STAT_DEFINITIONS[card.key];
        return (
          <Card key={card.key} className="flex flex-col gap-2 p-5">
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-sm font-medium text-muted-foreground">{card.title}</h2>
              <span className="flex size-9 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-4" />
              </span>
            </div>
            {stats ? (
              <p className="text-3xl font-semibold tabular-nums">{card.value(stats)}</p>
            ) : (
              <Skeleton className="h-9 w-32" data-testid="stat-skeleton" />
            )}
            <div className="flex items-center gap-1 text-sm text-muted-foreground">
              <span>
                {(stats && 'emptyCaption' in card && card.emptyCaption(stats)) || card.caption}
              </span>
              <details className="group relative">
                <summary
                  className="flex size-6 cursor-pointer list-none items-center justify-center rounded-full hover:bg-muted"
                  title={definition}
                >
                  <Info aria-hidden="true" className="size-4" />
                  <span className="sr-only">How {card.title} is worked out</span>
                </summary>
                <p className="absolute z-10 mt-1 w-64 rounded-md border border-border bg-card p-3 text-xs text-foreground shadow-lg">
                  {definition}
                </p>
              </details>
            </div>
          </Card>
        );
      })}
    </div>
  );
}

/** The four figures as read from the server, or spec section 2's alert when they cannot be. */
export function DashboardFigures() {
  const stats = useDashboardStats();
  if (stats.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Failed to load dashboard data. Please refresh the page or contact support if the problem
          persists.
        </AlertDescription>
      </Alert>
    );
  }
  return <StatCards stats={stats.data} />;
}
