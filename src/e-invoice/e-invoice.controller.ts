import { Body, Controller, HttpCode, Options, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { ZugferdErrorDto } from './dto/zugferd-error.dto';
import { ZugferdRequestDto } from './dto/zugferd-request.dto';
import { EInvoiceService } from './e-invoice.service';

@ApiTags('e-invoice')
@Controller('www/zugferd')
export class EInvoiceController {
  constructor(private readonly eInvoice: EInvoiceService) {}

  @Post()
  @ErpAuth()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Combine a PDF and an invoice XML into a PDF/A-3 e-invoice, or extract the XML of one',
  })
  @ApiBody({ type: ZugferdRequestDto })
  @ApiProduces('application/pdf', 'application/xml')
  @ApiOkResponse({ description: 'Combine: the e-invoice PDF. Extract: the embedded invoice XML.' })
  @ApiBadRequestResponse({ type: ZugferdErrorDto, description: 'The inputs cannot be processed.' })
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
  @ApiNoContentResponse({ description: 'Allowed methods of this endpoint.' })
  allowedMethods(@Res() reply: FastifyReply): void {
    void reply.status(204).header('Allow', 'POST, OPTIONS').send();
  }
}
