// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatCards } from './stat-cards';

afterEach(cleanup);

const STATS = {
  totalOutstanding: 1245.5,
  activeLinks: 1200,
  paymentsToday: 389.99,
  paymentsTodayCount: 2,
  successRate: 87.5,
  successRateOutcomes: 40,
};

describe('the dashboard’s four figures', () => {
  it('shows money in pounds, counts with separators and the rate in per cent', () => {
    render(<StatCards stats={STATS} />);
    expect(screen.getByText('£1,245.50')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('£389.99')).toBeInTheDocument();
    expect(screen.getByText('87.5%')).toBeInTheDocument();
    expect(screen.getByText('last 30 days')).toBeInTheDocument();
  });

  it('does not claim a 0% success rate when no link has reached an outcome', () => {
    render(<StatCards stats={{ ...STATS, successRate: 0, successRateOutcomes: 0 }} />);
    expect(screen.queryByText('0%')).not.toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.getByText('no paid or lapsed links in the last 30 days')).toBeInTheDocument();
  });

  it('shows four skeletons while loading', () => {
    render(<StatCards stats={undefined} />);
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
  });
});
