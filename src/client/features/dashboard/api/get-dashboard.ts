import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DashboardStats, ExpiringLink, RecentPayment } from '../../../../shared/dashboard';

export function useDashboardStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => apiRequest<DashboardStats>('GET', '/api/dashboard/stats'),
  });
}

export function useRecentPayments() {
  return useQuery({
    queryKey: ['dashboard', 'recent-payments'],
    queryFn: () => apiRequest<RecentPayment[]>('GET', '/api/dashboard/recent-payments'),
  });
}

export function useExpiringLinks() {
  return useQuery({
    queryKey: ['dashboard', 'expiring-links'],
    queryFn: () => apiRequest<ExpiringLink[]>('GET', '/api/dashboard/expiring-links'),
  });
}
