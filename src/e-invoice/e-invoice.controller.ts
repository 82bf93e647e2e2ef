import { Body, Controller, HttpCode, Options, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { OwnErrorBody } from '../common/errors/route-error-body';
import { ZugferdErrorDto } from './dto/zugferd-error.dto';
import { ZugferdRequestDto } from './dto/zugferd-request.dto';
import { eInvoiceErrorBody } from './e-invoice-error-body';
import { EInvoiceService } from './e-invoice.service';

@ApiTags('e-invoice')
@Controller('www/zugferd')
export class EInvoiceController {
  constructor(private readonly eInvoice: EInvoiceService) {}

  @Post()
  @ErpAuth()
  @OwnErrorBody(eInvoiceErrorBody)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Combine a PDF and an invoice XML into a PDF/A-3 e-invoice, or extract the XML of one',
  })
  @ApiBody({ type: ZugferdRequestDto })
  @ApiOkResponse({
    description: 'Combine: the e-invoice PDF. Extract: the embedded invoice XML.',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/xml': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiBadRequestResponse({ type: ZugferdErrorDto, description: 'The inputs cannot be processed.' })
  @ApiServiceUnavailableResponse({
    type: ZugferdErrorDto,
    description: 'Every e-invoice worker is busy and the queue is full; see Retry-After.',
  })
  // The body is validated by the service, which answers with the endpoint's own error body.
  async process(
    @Body() body: unknown,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const document = await this.eInvoice.process(body, user);
    await reply
      .status(200)
      .header('Content-Type', document.contentType)
      .header('Content-Disposition', `attachment; filename="${document.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(document.content);
  }

  @Options()
  @HttpCode(204)
  @ApiOperation({ summary: 'The methods this endpoint allows (Allow header)' })
  @ApiNoContentResponse({ description: 'Allowed methods of this endpoint.' })
  allowedMethods(@Res() reply: FastifyReply): void {
    void reply.status(204).header('Allow', 'POST, OPTIONS').send();
  }
}
