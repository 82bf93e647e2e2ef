import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { WholeNumberFromDigits } from '../../common/http/whole-numbers';

/** Upper bound of `order` (the spec leaves it open). */
const MAX_ORDER_LIST = 1000;

export const PLAN_STATUS_FILTERS = ['O', 'N', 'A'] as const;
type PlanStatusFilter = (typeof PLAN_STATUS_FILTERS)[number];

/** GET /www/kunden/{DebiNr}?order=N&status=O|N|A */
export class CustomerQuery {
  @ApiPropertyOptional({
    default: 0,
    minimum: 0,
    maximum: MAX_ORDER_LIST,
    description: 'Number of latest orders listed',
  })
  @IsOptional()
  @WholeNumberFromDigits()
  @IsInt({ message: 'order must be a whole number from 0 to ' + MAX_ORDER_LIST })
  @Min(0)
  @Max(MAX_ORDER_LIST)
  order?: number;

  @ApiPropertyOptional({ enum: PLAN_STATUS_FILTERS, description: 'Only orders with this plan status' })
  @IsOptional()
  @IsIn(PLAN_STATUS_FILTERS, { message: 'status must be one of O, N, A' })
  status?: PlanStatusFilter;
}
