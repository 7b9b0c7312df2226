// The welcome after activation says only what still holds, in French (the cases: support/welcome-cases.tsx).
import { describeWelcome } from './support/welcome-cases.tsx';

describeWelcome('fr');
