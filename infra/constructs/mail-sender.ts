// The SES domain identity the product sends from, and the configuration set every message from it goes
// through (the identity's default, so the functions need not name it). DKIM records must be added to the
// domain's DNS by hand (see docs/operations.md); they are printed as a stack output.
import { Duration, Fn, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { LOGIN_LINK_TTL_SECONDS } from '../../functions/accounts/domain/accounts.ts';

interface MailSenderProps {
  /** The domain mail is sent from, e.g. `aivatar.example`. */
  domain: string;
  /** The mailbox part of the sender address. */
  localPart?: string;
  displayName?: string;
  /** Emails sent in one hour (the whole account and region) above which `MailSendSpike` goes off. */
  alarmSendsPerHour?: number;
}

export class MailSender extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** ARN of the configuration set: sending through it needs ses:SendEmail on it too. */
  readonly configurationSetArn: string;
  readonly sendSpikeAlarm: Alarm;
  /** The bare address SES sees as the sender (the `ses:FromAddress` IAM condition key). */
  readonly fromAddress: string;
  /** The MAIL_FROM setting: display name and address. */
  readonly mailFrom: string;
  /** `name CNAME value` for each DKIM record, comma-separated. */
  readonly dkimDnsRecords: string;

  constructor(scope: Construct, id: string, props: MailSenderProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      // An address that bounced or complained is never mailed again: a flood of sign-ups for made-up
      // addresses costs one bounce each, not a reputation.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      // Every mail carries a link that expires; SES stops retrying once it would arrive dead.
      maxDeliveryDuration: Duration.seconds(Math.max(300, LOGIN_LINK_TTL_SECONDS)),
    });
    this.configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(props.domain),
      configurationSet: this.configurationSet,
    });
    this.sendSpikeAlarm = new Alarm(this, 'SendSpike', {
      alarmDescription: 'More mail than usual left SES in an hour: sign-up or login-link abuse?',
      metric: new Metric({
        namespace: 'AWS/SES',
        metricName: 'Send',
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      threshold: props.alarmSendsPerHour ?? 500,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.fromAddress = `${props.localPart ?? 'no-reply'}@${props.domain}`;
    this.mailFrom = `${props.displayName ?? 'Aivatar'} <${this.fromAddress}>`;
    this.dkimDnsRecords = Fn.join(
      ', ',
      this.identity.dkimRecords.map((r) => `${r.name} CNAME ${r.value}`),
    );
  }
}
