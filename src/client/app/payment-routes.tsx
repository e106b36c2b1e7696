// STUB: replaced by the admin shell implementation.
export default function PaymentRoutes() {
  return <h1>Payment</h1>;
}
