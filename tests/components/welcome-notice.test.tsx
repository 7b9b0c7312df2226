// The welcome after activation (components/welcome/welcome-notice.tsx) says only what still holds: "Your 2
// free tokens are ready" while the balance is those tokens, "Next step: upload..." while the account has
// fewer photos than creating needs; with neither, no welcome. English here, French in welcome-notice-fr.
import { describeWelcome } from './support/welcome-cases.tsx';

describeWelcome('en');
