// /signup/ext: external self-service registration of type bqa (default: the wealth advisory product's free trial).
import { SignupView } from '../components/SignupView';

export function SignupPage() {
  return <SignupView titleKey="page.signup.title" defaultProduct="BQ_ADVISORY_WEALTH" />;
}
