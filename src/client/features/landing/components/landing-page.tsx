// STUB: replaced by the landing page implementation.
export function LandingPage() {
  return <h1>Leaseholder Payments</h1>;
}
