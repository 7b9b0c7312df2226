// The one DynamoDB table, from the design shared with the local stand-in (shared/table-design.ts).
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { BACKUP_DAYS, TABLE_DESIGN } from '#shared/table-design.ts';

interface DataTableProps {
  stage: 'dev' | 'prod';
}

export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_DESIGN.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DESIGN.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: BACKUP_DAYS,
      },
      timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
      // Accounts and token balances live here: prod refuses deletion, by API and by stack.
      deletionProtection: prod,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of TABLE_DESIGN.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        ...(index.sortKey ? { sortKey: { name: index.sortKey, type: AttributeType.STRING } } : {}),
        projectionType: ProjectionType[index.projection],
      });
    }
  }
}
