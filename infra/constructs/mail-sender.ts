// The SES domain identity the product sends from. DKIM records must be added to the domain's DNS by
// hand (see docs/operations.md); they are printed as a stack output.
import { Fn } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailSenderProps {
  /** The domain mail is sent from, e.g. `aivatar.example`. */
  domain: string;
  /** The mailbox part of the sender address. */
  localPart?: string;
  displayName?: string;
}

export class MailSender extends Construct {
  readonly identity: EmailIdentity;
  /** The bare address SES sees as the sender (the `ses:FromAddress` IAM condition key). */
  readonly fromAddress: string;
  /** The MAIL_FROM setting: display name and address. */
  readonly mailFrom: string;
  /** `name CNAME value` for each DKIM record, comma-separated. */
  readonly dkimDnsRecords: string;

  constructor(scope: Construct, id: string, props: MailSenderProps) {
    super(scope, id);
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(props.domain) });
    this.fromAddress = `${props.localPart ?? 'no-reply'}@${props.domain}`;
    this.mailFrom = `${props.displayName ?? 'Aivatar'} <${this.fromAddress}>`;
    this.dkimDnsRecords = Fn.join(
      ', ',
      this.identity.dkimRecords.map((r) => `${r.name} CNAME ${r.value}`),
    );
  }
}
