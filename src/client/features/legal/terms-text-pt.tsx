import { TERMS_EFFECTIVE_DATE } from '#shared/constants.ts';

/** '2025-03-07' -> '7 de março de 2025', without depending on the device's locale data. */
function portugueseDate(iso: string): string {
  const months = [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ];
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} de ${months[(month ?? 1) - 1]} de ${year}`;
}

/** The terms for a contact who reads Brazilian Portuguese: the same terms, written for that reader. */
export function TermsTextPt() {
  return (
    <>
      <p className="muted">Em vigor desde {portugueseDate(TERMS_EFFECTIVE_DATE)}.</p>

      <h3>1. Para que serve este serviço</h3>
      <p>
        Botón de Pánico Migratorio (Botão de Pânico Migratório) é um aplicativo da nossa empresa de serviços de
        imigração para que as pessoas possam avisar rapidamente quem é de confiança quando estiverem em perigo, por
        exemplo durante uma operação de imigração ou uma detenção. Ele não substitui os serviços de emergência (911) nem
        a orientação de um advogado.
      </p>

      <h3>2. Como funciona um alerta</h3>
      <p>
        Quando alguém aperta o botão SOS, o aplicativo envia ao nosso servidor a hora, o fuso horário e, se a pessoa
        permitir, a localização. O servidor então manda um e-mail para cada um dos contatos de emergência confirmados. A
        pessoa pode encerrar o alerta a qualquer momento com o botão «FINALIZAR ALERTA» (encerrar alerta).
      </p>

      <h3>3. Contatos de emergência</h3>
      <p>
        Uma pessoa pode cadastrar quantos contatos quiser. Cada contato recebe um e-mail e precisa confirmá-lo e aceitar
        estes termos antes de receber qualquer alerta. O contato pode cancelar a qualquer momento pelo link que vem em
        todos os e-mails. Ao cadastrar alguém, a pessoa confirma que tem a permissão desse contato para compartilhar com
        a gente o nome, o e-mail e o telefone dele.
      </p>

      <h3>4. Dados pessoais e localização</h3>
      <p>
        Guardamos nomes, e-mails, telefones, contatos e os alertas enviados, só para prestar este serviço. A localização
        só é compartilhada quando o botão SOS é apertado, e só com os contatos confirmados. Não vendemos os dados de
        ninguém nem os compartilhamos com as autoridades de imigração, a não ser por ordem de um tribunal. No celular, a
        sessão fica guardada de forma criptografada. Qualquer pessoa pode corrigir seus dados no perfil ou pedir que a
        gente apague a conta e todos os dados dela.
      </p>

      <h3>5. Sem garantia de entrega</h3>
      <p>
        Fazemos todo o possível para que cada alerta chegue: se o celular estiver sem sinal, o aplicativo guarda o
        alerta e o envia assim que a conexão voltar. Mesmo assim, não podemos garantir a entrega quando falham as redes
        de celular, a internet, os servidores de e-mail ou o próprio celular (por exemplo, sem bateria). Por isso
        recomendamos combinar antes o que fazer se chegar um alerta.
      </p>

      <h3>6. Uso responsável</h3>
      <p>
        O botão SOS é só para emergências de verdade. Não use o serviço para perturbar ou enganar ninguém. Podemos
        suspender contas que façam mau uso dele.
      </p>

      <h3>7. Mudanças nestes termos</h3>
      <p>
        Se mudarmos estes termos, vamos publicar um aviso no aplicativo. Continuar usando o aplicativo depois desse
        aviso significa aceitar os novos termos.
      </p>
    </>
  );
}
