import PDFDocument from 'pdfkit';

/** What a monthly statement's PDF shows: who, which month, the totals and every breakdown row. */
export interface StatementDocument {
  tenantName: string;
  payeeName: string;
  /** YYYY-MM. */
  period: string;
  currency: string;
  /** Decimal strings ("12.50"), as the API shows them. */
  totalUsd: string;
  status: string;
  issuedAt: Date;
  rows: { releaseTitle: string; dsp: string; streams: number; revenueUsd: string }[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-10" → "October 2026". */
export const periodTitle = (period: string): string => {
  const [year, month] = period.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
};

const COLUMNS = [
  { title: 'Release', width: 220, align: 'left' as const },
  { title: 'Store', width: 130, align: 'left' as const },
  { title: 'Streams', width: 70, align: 'right' as const },
  { title: 'Revenue (USD)', width: 95, align: 'right' as const },
];
const LEFT = 50;
const ROW_HEIGHT = 18;
const PAGE_BOTTOM = 770;

const drawRow = (doc: PDFKit.PDFDocument, cells: string[], y: number, font: string): void => {
  let x = LEFT;
  doc.font(font).fontSize(9);
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    doc.text(cell, x, y, { width: column.width - 8, align: column.align, lineBreak: false, ellipsis: true });
    x += column.width;
  });
};

/**
 * Renders the statement as a PDF (A4, the built-in Helvetica, so nothing is fetched or embedded
 * from outside): a heading with tenant, payee and period, the totals, then the breakdown table,
 * continued over as many pages as it needs with its header repeated.
 */
export const renderStatementPdf = (statement: StatementDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: LEFT,
      info: { Title: `Royalty statement ${statement.period}`, Author: statement.tenantName, CreationDate: statement.issuedAt },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text('Royalty statement', LEFT, 50);
    doc.font('Helvetica').fontSize(11);
    doc.text(statement.tenantName, LEFT, 80);
    doc.text(`Payee: ${statement.payeeName}`);
    doc.text(`Period: ${periodTitle(statement.period)} (${statement.period})`);
    doc.text(`Status: ${statement.status}`);
    doc.text(`Issued: ${statement.issuedAt.toISOString().slice(0, 10)}`);
    doc.moveDown();
    const totalStreams = statement.rows.reduce((sum, row) => sum + row.streams, 0);
    doc.font('Helvetica-Bold').fontSize(12).text(`Total: ${statement.totalUsd} ${statement.currency}`);
    doc.font('Helvetica').fontSize(10).text(`Streams: ${totalStreams.toLocaleString('en-US')}`);

    let y = doc.y + 20;
    const header = () => {
      drawRow(doc, COLUMNS.map((column) => column.title), y, 'Helvetica-Bold');
      y += ROW_HEIGHT;
    };
    header();
    for (const row of statement.rows) {
      if (y > PAGE_BOTTOM) {
        doc.addPage();
        y = 50;
        header();
      }
      drawRow(doc, [row.releaseTitle, row.dsp, row.streams.toLocaleString('en-US'), row.revenueUsd], y, 'Helvetica');
      y += ROW_HEIGHT;
    }
    if (statement.rows.length === 0) doc.font('Helvetica-Oblique').fontSize(9).text('No earnings in this period.', LEFT, y);
    doc.end();
  });
