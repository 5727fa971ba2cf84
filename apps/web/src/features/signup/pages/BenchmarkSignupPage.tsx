// /signup/benchmark/ext: external registration of type benchmark, which signs up for the risk product (decision 0023).
import { SignupView } from '../components/SignupView';

export function BenchmarkSignupPage() {
  return <SignupView titleKey="page.signupBenchmark.title" defaultProduct="BQ_RISK" />;
}
