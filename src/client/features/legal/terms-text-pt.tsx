import { termsEffectiveDate } from './terms-date.ts';
import { TermsSections, type TermsSection } from './terms-sections.tsx';

const MONTHS = 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' ');

const SECTIONS: readonly TermsSection[] = [
  {
    title: 'Para que serve este serviço',
    text: (
      <>
        Botón de Pánico Migratorio (Botão de Pânico Migratório) é um aplicativo da nossa empresa de serviços de
        imigração para que as pessoas possam avisar rapidamente quem é de confiança quando estiverem em perigo, por
        exemplo durante uma operação de imigração ou uma detenção. Ele não substitui os serviços de emergência (911) nem
        a orientação de um advogado.
      </>
    ),
  },
  {
    title: 'Como funciona um alerta',
    text: (
      <>
        Quando alguém aperta o botão SOS, o aplicativo envia ao nosso servidor a hora, o fuso horário e, se a pessoa
        permitir, a localização. O servidor então manda um e-mail para cada um dos contatos de emergência confirmados. A
        pessoa pode encerrar o alerta a qualquer momento com o botão «FINALIZAR ALERTA» (encerrar alerta).
      </>
    ),
  },
  {
    title: 'Contatos de emergência',
    text: (
      <>
        Uma pessoa pode cadastrar quantos contatos quiser. Cada contato recebe um e-mail e precisa confirmá-lo e aceitar
        estes termos antes de receber qualquer alerta. O contato pode cancelar a qualquer momento pelo link que vem em
        todos os e-mails. Ao cadastrar alguém, a pessoa confirma que tem a permissão desse contato para compartilhar com
        a gente o nome, o e-mail e o telefone dele.
      </>
    ),
  },
  {
    title: 'Dados pessoais e localização',
    text: (
      <>
        Guardamos nomes, e-mails, telefones, contatos e os alertas enviados, só para prestar este serviço. A localização
        só é compartilhada quando o botão SOS é apertado, e só com os contatos confirmados. Não vendemos os dados de
        ninguém nem os compartilhamos com as autoridades de imigração, a não ser por ordem de um tribunal. No celular, a
        sessão fica guardada de forma criptografada. Qualquer pessoa pode corrigir seus dados no perfil ou pedir que a
        gente apague a conta e todos os dados dela.
      </>
    ),
  },
  {
    title: 'Sem garantia de entrega',
    text: (
      <>
        Fazemos todo o possível para que cada alerta chegue: se o celular estiver sem sinal, o aplicativo guarda o
        alerta e o envia assim que a conexão voltar. Mesmo assim, não podemos garantir a entrega quando falham as redes
        de celular, a internet, os servidores de e-mail ou o próprio celular (por exemplo, sem bateria). Por isso
        recomendamos combinar antes o que fazer se chegar um alerta.
      </>
    ),
  },
  {
    title: 'Uso responsável',
    text: (
      <>
        O botão SOS é só para emergências de verdade. Não use o serviço para perturbar ou enganar ninguém. Podemos
        suspender contas que façam mau uso dele.
      </>
    ),
  },
  {
    title: 'Mudanças nestes termos',
    text: (
      <>
        Se mudarmos estes termos, vamos publicar um aviso no aplicativo. Continuar usando o aplicativo depois desse
        aviso significa aceitar os novos termos.
      </>
    ),
  },
];

/** The terms for a contact who reads Brazilian Portuguese: the same terms, written for that reader. */
export function TermsTextPt() {
  return (
    <TermsSections
      effective={`Em vigor desde ${termsEffectiveDate(MONTHS, (day, month, year) => `${day} de ${month} de ${year}`)}.`}
      sections={SECTIONS}
    />
  );
}
