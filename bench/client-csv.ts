// The client file the import and burst benches upload: German headers (the mapping a bank's export would need), a
// semicolon as separator, every column filled. `prefix` keeps the addresses and customer numbers of two benches apart.
export function clientCsv(rows: number, prefix: 'client' | 'burst'): Buffer {
  const lines = ['Vorname;Nachname;E-Mail;Telefon;Sprache;Gruppe;Kundennummer;Anrede'];
  const numberPrefix = prefix === 'burst' ? 'B' : 'K';
  for (let i = 0; i < rows; i++) {
    lines.push(`Vorname${i};Nachname${i};${prefix}${i}@bank.example;+49 89 ${100000 + i};${i % 2 ? 'DE_DE' : 'EN_US'};${i % 3 ? 'PROSPECT' : 'ESTABLISHED'};${numberPrefix}-${i};${i % 2 ? 'Frau' : 'Herr'}`);
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}
